/** The checks of work handed to another agent, in one call: a sub-agent's task, a hand-off's text, an agent bus
 * message (`effect_profile.ts`' hand-offs), and since round 56 the task a command line gives an agent CLI
 * (`gh agent-task create '...'`, `codex exec '...'`, `claude -p '...'`: `cli_agent_tasks.ts`); round 60 judges the
 * acts the text asks for (`handed_orders.ts`), round 80 the database statements it orders run
 * (`handed_statements.ts`). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeDelegation } from "./delegation.ts";
import { judgeClaimedAuthority } from "./claimed_authority.ts";
import { judgeHandedSecrets } from "./handed_secrets.ts";
import { judgeDelegatedIntents } from "./delegated_intents.ts";
import { judgeDelegatedActions } from "./delegated_actions.ts";
import { judgeDelegatedHarms } from "./delegated_harms.ts";
import { judgeDelegatedChannels } from "./delegated_channels.ts";
import { judgeUrlTemplates } from "./url_payloads.ts";
import { judgePlantedKeys } from "./planted_keys.ts";
import { judgeDelegatedRequests } from "./delegated_requests.ts";
import { judgeDelegatedBackdoors } from "./delegated_backdoors.ts";
import { judgeHandedOrders } from "./handed_orders.ts";
import { judgeHandedStatements } from "./handed_statements.ts";

/** Findings for `handed`, the texts of the work handed on, and `payload`, the settings it is handed with. */
export function judgeHandedWork(
  tool: string,
  handed: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgeDelegation(tool, handed, payload, environment, findings);
  judgeClaimedAuthority(tool, handed, findings);
  judgeHandedSecrets(tool, handed, findings);
  judgeDelegatedIntents(tool, handed, findings);
  judgeDelegatedActions(tool, handed, environment, findings);
  judgeDelegatedHarms(tool, handed, findings);
  judgeDelegatedChannels(tool, handed, environment, findings);
  judgeUrlTemplates(tool, handed, environment, findings);
  judgePlantedKeys(tool, handed, findings);
  judgeDelegatedRequests(tool, handed, environment, findings);
  judgeDelegatedBackdoors(tool, handed, findings);
  judgeHandedOrders(tool, handed, findings);
  judgeHandedStatements(tool, handed, findings);
}
