/** Round 63's checks, called once from the effect profile: open-world actions whose harm is in what they mean --
 * the user's whereabouts and private facts mailed to an outsider (`whereabouts_sent_out.ts`), a whole table copied
 * into a public page (`public_page_dumps.ts`), days held busy on a group's calendars (`calendar_holds.ts`), the
 * user's documents moved where they vanish (`volatile_moves.ts`), a contract's figures changed by find and replace
 * (`term_changes.ts`), and posts that send people after a private person (`public_doxxing.ts`). Each text check is
 * gated by a literal pattern; the argument checks first need a word of the tool's name. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeWhereaboutsSentOut } from "./whereabouts_sent_out.ts";
import { judgePublicPageDumps } from "./public_page_dumps.ts";
import { judgeCalendarHolds } from "./calendar_holds.ts";
import { judgeVolatileMoves } from "./volatile_moves.ts";
import { judgeTermChanges } from "./term_changes.ts";
import { judgePublicDoxxing } from "./public_doxxing.ts";
import * as programs from "./round_programs.ts";
import { MOVE_WORD } from "./volatile_moves.ts";
import { commandNeeds, NAMED } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): move words in its line, `sed`, a tool's
 * name (moves by arguments). */
export const ON_COMMAND = commandNeeds({
  programs: (program) => program === "sed",
  words: [MOVE_WORD],
  facts: NAMED,
});

export function judgeRound63(
  view: ActionView,
  /** The tool is read as an open-world one, or sends to people. */
  reach: { openWorld: boolean; sends: boolean },
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const called = view.calledPayload;
  judgeVolatileMoves(view.tool, called, view.texts.get("shell") ?? [], findings);
  if (view.type !== "execute_command") judgeCalendarHolds(view.tool, called, findings);
  // A lone command line names no edited file and no find-and-replace pair by key: only its `sed` segments can change
  // terms (speed round 32).
  if (
    !programs.loneCommandLine(called) || (programs.roundProgramsReached(view.segments) & programs.SED_EDITS)
  ) {
    judgeTermChanges(view.tool, called, view.segments, findings);
  }
  const { openWorld, sends } = reach;
  if (!sends && !openWorld) return;
  const texts = textsOf(view, "outbound", "content");
  if (texts.length === 0) return;
  if (sends) judgeWhereaboutsSentOut(view.tool, texts, recipients, called, environment, findings);
  judgePublicPageDumps(view.tool, texts, called, findings);
  judgePublicDoxxing(view.tool, texts, findings);
}
