/** Round 6's checks of open-world tools, called once from the effect profile: options smuggled into arguments,
 * locations shared, messages to whole lists or audiences, subscriptions sending future events out, and files
 * opened that run as programs. */

import type { ShieldEnvironment } from "../environment.ts";
import type { NormalPath } from "../paths.ts";
import { judgeEventSubscriptions } from "./event_subscriptions.ts";
import { judgeOpenedFiles } from "./opened_programs.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeOptionArguments } from "./option_arguments.ts";
import { judgeSharedPlaces } from "./shared_places.ts";
import { judgeMassAudiences } from "./mass_audiences.ts";

export function judgeOpenWorldRound6(
  tool: string,
  reading: OpenWorldReading,
  payload: Record<string, unknown>,
  paths: readonly NormalPath[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!reading.executes) judgeOptionArguments(tool, payload, findings);
  judgeSharedPlaces(tool, reading.words, payload, reading.sends, findings);
  if (reading.sends) judgeMassAudiences(tool, payload, findings);
  judgeEventSubscriptions(tool, reading.words.words, payload, environment, findings);
  if (paths.length > 0) {
    judgeOpenedFiles(
      tool,
      reading.words.words,
      paths.map((path) => path.absolute),
      findings,
    );
  }
}
