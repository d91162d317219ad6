/** A plain read (round 13): an action that only shows files to the agent -- our `read_file` and its aliases, or a
 * command line made of viewers alone (`cat`, `grep`, `head`, `jq`, ...) -- writing nothing, naming no URL, handing
 * nothing on. A credential file read this way is a question for the user (ESCALATE); the same file in any other
 * action (an upload, a gist, a sub-agent's task, a symlink, an encoder's pipe) is judged as before. */

import type { ActionView } from "../action_view.ts";

/** Programs that print or search what they are given, and write only to standard output. */
export const VIEWERS = new Set([
  "cat",
  "less",
  "more",
  "head",
  "tail",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "awk",
  "sed",
  "jq",
  "yq",
  "wc",
  "bat",
  "batcat",
  "nl",
  "sort",
  "uniq",
  "cut",
  "column",
  "diff",
  "cmp",
  "stat",
  "ls",
  "file",
]);

const SHELLS = /^(?:ba|z|da|k|)sh$/;

/** Our read tools: what they are given is shown to the agent and goes nowhere else. */
const READ_TOOLS = new Set(["read_file", "list_directory"]);

export function isPlainRead(view: ActionView): boolean {
  if (view.writePaths.length > 0 || view.urls.length > 0 || view.proseSegments) return false;
  if (READ_TOOLS.has(view.type)) return view.segments.length === 0;
  if (view.type !== "execute_command" || view.segments.length === 0) return false;
  return view.segments.every((segment) => {
    // A shell given the line inline (Codex's `["bash", "-lc", "cat ..."]`): the line's own segments are judged.
    if (SHELLS.test(segment.program)) {
      return /^-[a-z]*c$/.test(segment.argv[1] ?? "") && segment.argv.length === 3;
    }
    return VIEWERS.has(segment.program) && segment.redirects.every((redirect) => redirect.op === "<") &&
      !(segment.program === "sed" && segment.argv.some((arg) => /^-(?:-in-place|[a-z]*i)/.test(arg)));
  });
}

/** Keys of credential configs that make the tool run a program (`credential_process`, a kubeconfig's `exec:`,
 * docker's `credsStore`/`credHelpers`, a git or npm helper): a write setting one plants code, not a setting. */
const RUNS_PROGRAM =
  /credential_process|\bexec\s*:|\bcommand\s*[:=]|credsstore|credhelpers|helper\s*=|proxy/i;

/** A plain settings write to a credential config (`[profile dev]\nregion = eu-west-1` into `~/.aws/config`): our
 * write tool, one file, text that makes the tool run nothing. A question for the user, like a plain read. */
export function isPlainSettingsWrite(view: ActionView): boolean {
  if (view.type !== "write_file" || view.writePaths.length !== 1 || view.segments.length > 0) return false;
  if (view.urls.length > 0) return false;
  return (view.texts.get("content") ?? []).every((text) =>
    text.length < 64 * 1024 && !RUNS_PROGRAM.test(text)
  );
}
