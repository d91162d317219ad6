/** Round 94's checks (lead, stop 43), called once from the effect profile: where payments go changed in a written
 * document (`payment_details_changed.ts`) and media made to impersonate a real person (`impersonation_media.ts`).
 * Both read a tool's arguments and written texts, never a lone command line's shell text. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgePaymentDetailsChanged } from "./payment_details_changed.ts";
import { judgeImpersonationMedia } from "./impersonation_media.ts";
import { commandNeeds, NAMED, OTHER_TEXTS } from "./round_plan.ts";

/** What the round reads of a lone command line: texts of another kind than shell lines (written content) and the
 * tool's name (`execute_command` names no deepfake). */
export const ON_COMMAND = commandNeeds({ facts: OTHER_TEXTS | NAMED });

export function judgeRound94(view: ActionView, findings: Findings): void {
  judgePaymentDetailsChanged(view.calledPayload, view.texts.get("content") ?? [], findings);
  judgeImpersonationMedia(view.tool, findings);
}
