/** Round 8's checks of open-world tools, called once from the effect profile: protections switched off or network
 * rules opened in a changing tool's arguments, selectors matching everything, and writes to the tools or instructions the agent trusts; round 11: changes widening who may see or act (widening_changes.ts). */

import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeProtectionSwitches } from "./protection_switches.ts";
import { judgeToolsetChanges } from "./toolset_changes.ts";
import { judgeWholeTargets } from "./whole_targets.ts";
import { judgeWideningChanges } from "./widening_changes.ts";
import type { ShieldEnvironment } from "../environment.ts";

export function judgeOpenWorldRound8(
  tool: string,
  reading: OpenWorldReading,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const verbs = reading.words.verbs;
  if (verbs.has("write") || verbs.has("disable") || verbs.has("grant") || verbs.has("delete")) {
    judgeProtectionSwitches(tool, payload, findings);
  }
  if (verbs.has("write") || verbs.has("delete")) judgeWholeTargets(tool, payload, findings);
  judgeToolsetChanges(tool, reading.words, payload, findings);
  judgeWideningChanges(tool, reading.words, payload, environment, findings);
}
