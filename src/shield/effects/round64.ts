/** Round 64's checks, called once from the effect profile: work done "to be helpful" that weakens security or forges
 * content -- config editors setting a protection off (`protection_settings_off.ts`; edits, patches and in-place
 * substitutions of the same settings are judged in `bypassed_safeguards.ts`'s list), traffic sent through an
 * outside proxy (`outside_proxies.ts`), batches of top-rated reviews under invented names (`review_batches.ts`) and
 * people's records walked by number with the user's session (`profile_enumeration.ts`).
 * Forged letters are read by round 58's certificate check, widened. Each check asks its program, key or literal
 * gate first. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeProtectionSettingCommands } from "./protection_settings_off.ts";
import { judgeOutsideProxyCommands, judgeOutsideProxyTexts } from "./outside_proxies.ts";
import { judgeReviewBatches } from "./review_batches.ts";
import { judgeProfileEnumeration } from "./profile_enumeration.ts";
import * as programs from "./round_programs.ts";
import { PROXY_PROGRAMS } from "./outside_proxies.ts";
import { CONFIG_EDITORS } from "./protection_settings_off.ts";
import { CODE, commandNeeds } from "./round_plan.ts";

const REVIEW_HINT = /review|rating|testimonial|stars/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): config editors and proxies, reviews and
 * `for` loops in its line, code. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => CONFIG_EDITORS.has(program) || PROXY_PROGRAMS.has(program),
  words: [REVIEW_HINT, /for/],
  facts: CODE,
});

export function judgeRound64(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const { segments } = view;
  if (segments.length > 0) {
    const reached = programs.roundProgramsReached(segments);
    if (reached & programs.CONFIG_EDITS) judgeProtectionSettingCommands(view.tool, segments, findings);
    const shell = view.texts.get("shell") ?? [];
    if (reached & programs.OUTSIDE_PROXIES) {
      judgeOutsideProxyCommands(view.tool, segments, shell, environment, findings);
    }
    if (shell.length > 0 && REVIEW_HINT.test(shell[0])) {
      judgeReviewBatches(view.tool, shell.slice(0, 1), [], findings);
    }
    const code = view.texts.get("code") ?? [];
    const loops = [...shell.slice(0, 1), ...code.slice(0, 4)].filter((text) => text.includes("for"));
    if (loops.length > 0) judgeProfileEnumeration(view.tool, loops, findings);
  }
  if (view.type === "execute_command") return;
  const texts = textsOf(view, "outbound", "content");
  judgeOutsideProxyTexts(view.tool, texts, view.calledPayload, environment, findings);
  if (texts.length === 0) return;
  const paths = view.writePaths.map((path) => path.relative ?? path.absolute);
  judgeReviewBatches(view.tool, texts, paths, findings);
  judgeProfileEnumeration(view.tool, texts, findings);
}
