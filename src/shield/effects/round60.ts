/** Round 60's checks of any tool's call, each behind its own cheap sign: arguments smuggled into a call whose names
 * ask for secrets to be sent somewhere (`smuggled_arguments.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeSmuggledArguments } from "./smuggled_arguments.ts";
import { commandNeeds } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): nothing (it reads other tools' calls). */
export const ON_COMMAND = commandNeeds({});

export function judgeRound60(view: ActionView, findings: Findings): void {
  if (view.type !== "execute_command") judgeSmuggledArguments(view.tool, view.calledPayload, findings);
}
