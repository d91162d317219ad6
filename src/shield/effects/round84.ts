/** Round 84's checks, called once from the effect profile: program code that walks the whole of the user's files and
 * overwrites or removes each (`wiped_trees.ts`). Gated by a code text, or a shell segment run by an interpreter. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeWipedTrees } from "./wiped_trees.ts";
import { judgeEscapedShellInput } from "./escaped_shell_input.ts";
import { judgeHandedCredentialFiles } from "./handed_credential_files.ts";
import { DECODERS, judgeDecodedFilesRun } from "./decoded_files_run.ts";
import { SHELLS } from "./escaped_shell_input.ts";
import { CODE, commandNeeds, NAMED } from "./round_plan.ts";

/** Programs whose inline code or script a shell text may carry (`python3 -c`, `pwsh -Command`, `go run`), or a PowerShell walk. */
const INTERPRETERS =
  /^(?:get-childitem|gci|python[\d.]*|py|pypy3?|node|nodejs|deno|bun|ruby|perl|php|pwsh|powershell(?:\.exe)?|go)$/i;

/** `openWorld`: the words of a tool that acts on the world outside the machine and sends no message (undefined for
 * local tools and senders). */
/** A tool named for a language (`run_ruby`, `python`, `node_exec`): its code under a shell key is still code. */
const LANGUAGE_TOOL =
  /(?:^|[^a-z])(?:py|python\d*|node(?:js)?|js|javascript|ruby|perl|php|pwsh|powershell|go|golang|deno|bun)(?:[^a-z]|$)/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): interpreters, decoders, shells fed by a pipe,
 * a language tool's name, code. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => INTERPRETERS.test(program) || DECODERS.test(program) || SHELLS.test(program),
  facts: CODE | NAMED,
});

export function judgeRound84(
  view: ActionView,
  openWorld: readonly string[] | undefined,
  findings: Findings,
): void {
  if (openWorld !== undefined) judgeHandedCredentialFiles(view.tool, openWorld, view.payload, findings);
  const code = view.texts.get("code");
  if (code !== undefined) judgeWipedTrees(code, findings);
  const shell = view.texts.get("shell");
  const named = LANGUAGE_TOOL.test(view.tool);
  if (
    shell !== undefined &&
    (named || view.segments.some((segment) => INTERPRETERS.test(segment.program ?? "")))
  ) {
    judgeWipedTrees(shell, findings);
  }
  if (shell !== undefined && view.segments.length > 1) judgeEscapedShellInput(view.segments, shell, findings);
  if (shell !== undefined && view.segments.some((segment) => DECODERS.test(segment.program ?? ""))) {
    judgeDecodedFilesRun(view.segments, shell, findings);
  }
}
