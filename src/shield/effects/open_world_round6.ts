/** Round 6's checks of open-world tools, called once from the effect profile: options smuggled into arguments,
 * locations shared, and messages to whole lists or audiences. */

import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeOptionArguments } from "./option_arguments.ts";
import { judgeSharedPlaces } from "./shared_places.ts";
import { judgeMassAudiences } from "./mass_audiences.ts";

export function judgeOpenWorldRound6(
  tool: string,
  reading: OpenWorldReading,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!reading.executes) judgeOptionArguments(tool, payload, findings);
  judgeSharedPlaces(tool, reading.words, payload, reading.sends, findings);
  if (reading.sends) judgeMassAudiences(tool, payload, findings);
}
