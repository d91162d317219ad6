/** Round 89's check, called once from the effect profile: mail rules installed by a script or command line
 * (`scripted_mail_rules.ts`), gated by a literal hint over the payload's strings. Round 89's other readings sit where
 * they are read: a support reply's author `type` and `public` flag (`support_replies.ts`, read by `tool_words.ts`
 * and `open_world.ts`), a masked card number beside an address (`people_disclosures.ts`). */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { configuredDomains } from "./recipient_classes.ts";
import { judgeScriptedMailRules, SCRIPTED_RULE_HINT } from "./scripted_mail_rules.ts";
import { judgePairingWindows, PAIRING_HINT } from "./pairing_windows.ts";
import { CARE_HINT, judgeCareDevicesPaused } from "./care_devices_paused.ts";
import { commandNeeds, NAMED } from "./round_plan.ts";
import { givesDeskSeat } from "./support_replies.ts";
import { identifierWords } from "./words.ts";
import { payloadScalars } from "./payload_strings.ts";

/** What the round reads of a lone command line (speed round 38): the line and shell texts its three hints test
 * (scripted mail rules, pairing, care devices), and the tool's name (`sieve`, the hints, the desk seat's verbs:
 * `execute_command` passes none of them, another name may). */
export const ON_COMMAND = commandNeeds({
  words: [SCRIPTED_RULE_HINT, PAIRING_HINT, CARE_HINT],
  facts: NAMED,
});

export function judgeRound89(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  judgeScriptedMailRules(
    view.tool,
    view.calledPayload,
    view.texts.get("shell") ?? [],
    configuredDomains(environment),
    findings,
  );
  judgePairingWindows(view.tool, view.calledPayload, view.texts.get("shell") ?? [], findings);
  judgeCareDevicesPaused(view.tool, view.calledPayload, findings);
  const seat = givesDeskSeat(identifierWords(view.tool), payloadScalars(view.calledPayload));
  if (seat) findings.escalate("access", `"${view.tool}" ${seat}`);
}
