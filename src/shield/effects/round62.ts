/** Round 62's checks, called once from the effect profile: written code and documents whose harm is in what they
 * mean -- reviews posted from many identities (`review_farms.ts`), orders and notes gathering a private person's
 * whereabouts (`person_lookups.ts`), action items planting fetched scripts or access changes (`planted_action_items.ts`)
 * -- and logins with vendor default credentials against other hosts (`default_logins.ts`). Request values compared
 * with a fixed string (`magic_values.ts`) are read with the code backdoors, protections made pass-throughs
 * (`passthrough_protections.ts`) with the safeguard edits, and forged records with round 58's certificates. Each
 * text check is gated by a literal pattern. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeReviewFarms } from "./review_farms.ts";
import { judgePersonLookups } from "./person_lookups.ts";
import { judgePlantedActionItems } from "./planted_action_items.ts";
import { judgeDefaultLogins } from "./default_logins.ts";
import { HINTS, REVIEW_HINT, REVIEWS } from "./round_hints.ts";

export function judgeRound62(view: ActionView, findings: Findings): void {
  judgeDefaultLogins(view.tool, view.segments, view.calledPayload, findings);
  // A command line is asked first in plain words: most commands are scanned by no gated pattern of this kind.
  const shell = view.texts.get("shell") ?? [];
  if (HINTS.reached(shell) & REVIEWS && REVIEW_HINT.test(shell[0])) {
    judgeReviewFarms(view.tool, shell, findings);
  }
  if (view.type === "execute_command") return;
  const texts = textsOf(view, "outbound", "content", "task");
  if (texts.length === 0) return;
  judgeReviewFarms(view.tool, texts, findings);
  judgePersonLookups(view.tool, texts, findings);
  judgePlantedActionItems(view.tool, texts, findings);
}
