/** Round 48's checks over code execution and the supply chain, each behind its own cheap sign: names of
 * command-running functions computed from encoded pieces (`computed_calls.ts`), options that start a shell
 * (`option_shells.ts`), native code fetched and loaded (`fetched_native_loads.ts`), release workflows dispatched
 * from unreviewed refs or without their safety steps (`release_dispatches.ts`), `.pth` files shipped by packaging
 * (`packaged_startup_files.ts`), registries repointed through tool arguments (`registry_arguments.ts`) and written
 * `.gitmodules` entries from lookalike owners (`gitmodules_owners.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeComputedCalls } from "./computed_calls.ts";
import { judgeOptionShells } from "./option_shells.ts";
import { judgeFetchedNativeLoads } from "./fetched_native_loads.ts";
import { judgeReleaseDispatches } from "./release_dispatches.ts";
import { judgePackagedStartupFiles } from "./packaged_startup_files.ts";
import { judgeRegistryArguments } from "./registry_arguments.ts";
import { judgeGitmodulesOwners } from "./gitmodules_owners.ts";
import { HINTS, NATIVE_LOADS } from "./round_hints.ts";
import { optionsOf } from "../program_options.ts";
import { LOAD_SIGN } from "./fetched_native_loads.ts";
import { CODE, commandNeeds, OTHER_TEXTS } from "./round_plan.ts";

const NONE: readonly string[] = [];

/** What the round reads of a command (speed round 37, `round_plan.ts`): option shells (programs with options that
 * run commands, a `LESS` variable), release dispatches (`gh`, a `/dispatches` request), native loads, code and
 * written content (the written-file checks read only contents). */
export const ON_COMMAND = commandNeeds({
  programs: (program) => {
    const row = optionsOf(program);
    return program === "gh" || Boolean(row?.runs) || Boolean(row?.runsSettings);
  },
  words: [/LESS/, /\/dispatches/, LOAD_SIGN],
  facts: CODE | OTHER_TEXTS,
});

export function judgeRound48(view: ActionView, callArguments: boolean, findings: Findings): void {
  const code = view.texts.get("code") ?? NONE;
  const shell = view.texts.get("shell") ?? NONE;
  if (code.length > 0) judgeComputedCalls(view.tool, code, findings);
  if (view.segments.length > 0) judgeOptionShells(view.segments, shell, findings);
  // Speed round 33: the check's first test asked as a keyword family's bit (`round_hints.ts`).
  if (HINTS.reached(shell, code) & NATIVE_LOADS) judgeFetchedNativeLoads([...shell, ...code], findings);
  judgeReleaseDispatches(view, findings);
  if (view.writePaths.length > 0) {
    const paths = view.writePaths.map((path) => path.absolute);
    const contents = view.texts.get("content") ?? NONE;
    judgePackagedStartupFiles(paths, contents, findings);
    judgeGitmodulesOwners(view.tool, paths, contents, findings);
  }
  if (callArguments && view.type !== "execute_command") {
    judgeRegistryArguments(view.tool, view.payload, findings);
  }
}
