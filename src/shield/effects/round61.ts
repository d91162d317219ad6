/** Round 61's code and host checks, each behind its own cheap sign: hidden or encoded shells spawned through a
 * launcher (`hidden_shells.ts`), remote deletions fed by a listing (`listed_deletions.ts`), keystroke automation doing
 * harm (`gui_automation.ts`), strangers' repositories built on the host, images retagged over official names and git
 * paths with control characters (`untrusted_builds.ts`), and loaders told by their arguments to run what they load
 * (`loader_arguments.ts`); and PowerShell run from a string assembled of pieces that fetch code
 * (`powershell_assembly.ts`). */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeHiddenShells } from "./hidden_shells.ts";
import { judgeListedDeletions } from "./listed_deletions.ts";
import { judgeGuiAutomation } from "./gui_automation.ts";
import { judgeClonedBuilds, judgeControlPaths, judgeRetaggedImages } from "./untrusted_builds.ts";
import { judgeLoaderArguments } from "./loader_arguments.ts";
import { runsAssembledDownload } from "../powershell_assembly.ts";
import * as programs from "./round_programs.ts";
import * as hints from "./round_hints.ts";
import { HINT as HIDDEN_SHELL_HINT } from "./hidden_shells.ts";
import { AUTOMATION } from "./gui_automation.ts";
import { HINT as ASSEMBLY_HINT } from "../powershell_assembly.ts";
import { GIT_PATH_COMMAND, retagsWith } from "./untrusted_builds.ts";
import { CODE, commandNeeds, OTHER_TEXTS } from "./round_plan.ts";

/** A payload's strings as called, one level down (control characters kept). */
function rawStrings(payload: Record<string, unknown>, depth = 0): string[] {
  const found: string[] = [];
  for (const value of Object.values(payload).slice(0, 32)) {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) found.push(value.filter((item) => typeof item === "string").join(" "));
    else if (depth === 0 && value && typeof value === "object") {
      found.push(...rawStrings(value as Record<string, unknown>, 1));
    }
  }
  return found;
}

/** The listed-deletion hint (`listed_deletions.ts` HINT) without its `%\s*\{` alternative, whose literals the gate
 * cannot ask (its `%` is asked as a part instead); `round_plan_test.ts` checks the two stay alike. */
export const LISTED_WORDS = /xargs|for |while |foreach/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): the hints of hidden shells, listed deletions
 * (or a `%`), keystroke automation and assembled PowerShell (or a `+`), a `clone`, retagging programs, git paths in
 * the line as given (control paths), code and other texts. */
export const ON_COMMAND = commandNeeds({
  programs: retagsWith,
  words: [HIDDEN_SHELL_HINT, LISTED_WORDS, AUTOMATION, ASSEMBLY_HINT, /clone/, GIT_PATH_COMMAND],
  orIncludes: ["%", "+"],
  facts: CODE | OTHER_TEXTS,
});

export function judgeRound61(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  const code = view.texts.get("code") ?? [];
  const content = view.texts.get("content") ?? [];
  // Speed round 33: each text check's first test asked once per text as a keyword family's bit.
  const onShell = hints.HINTS.reached(shell);
  const onCode = hints.HINTS.reached(code);
  const onContent = hints.HINTS.reached(content);
  if ((onShell | onContent) & hints.HIDDEN_SHELLS) {
    judgeHiddenShells(view.tool, [...shell, ...content], findings);
  }
  if (shell.length > 0) {
    if (onShell & hints.LISTED_DELETIONS) judgeListedDeletions(view.tool, shell, findings);
    judgeClonedBuilds(view.tool, shell, environment, findings);
  }
  if ((onCode | onShell | onContent) & hints.GUI_AUTOMATION) {
    judgeGuiAutomation(view.tool, [...code, ...shell, ...content], findings);
  }
  // PowerShell assembled from pieces Shield could not all evaluate, one of which fetches or runs code.
  if ((onShell | onCode) & hints.ASSEMBLED_POWERSHELL && [...shell, ...code].some(runsAssembledDownload)) {
    findings.escalate(
      "exec",
      `"${view.tool}" runs a string assembled at run time from pieces that fetch code`,
    );
  }
  if (programs.roundProgramsReached(view.segments) & programs.RETAGGED_IMAGES) {
    judgeRetaggedImages(view.tool, view.segments, findings);
  }
  judgeControlPaths(view.tool, rawStrings(view.calledPayload), findings);
  // A lone command line has no loader flag among its arguments (speed round 32).
  if (!programs.loneCommandLine(view.calledPayload)) {
    judgeLoaderArguments(view.tool, view.calledPayload, findings);
  }
}
