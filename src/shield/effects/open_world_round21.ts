/** Round 21's checks of open-world tools, called once from the effect profile: secret values asked for in the
 * clear, events moved into the night or invitations sent to unseen attendees, access made to last, and production
 * settings pointed at an outside host. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeLastingGrants, judgeOutsideSettings } from "./lasting_grants.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeQuietMutations } from "./quiet_mutations.ts";
import { judgeRevealedSecrets } from "./revealed_secrets.ts";

export function judgeOpenWorldRound21(
  tool: string,
  reading: OpenWorldReading,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgeRevealedSecrets(tool, reading.words, payload, findings);
  judgeQuietMutations(tool, reading.words, payload, reading.recipients, findings);
  judgeLastingGrants(tool, reading.words, payload, findings);
  judgeOutsideSettings(tool, reading.words, payload, environment, findings);
}
