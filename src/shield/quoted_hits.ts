/** Rule hits on quotations (round 16): an attack quoted in a file whose path says test, fixture, eval, detection
 * rule, translation or document, or in a script's comment lines, is data -- no order to the model and no command
 * run -- and so is an attack string a viewer or a local scanner is only asked to search for. What the write does
 * (its path's role) is judged; agent instructions, memory, hooks, CI, rc files and schedules keep full judgement. */

import type { ActionView } from "./action_view.ts";
import type { RuleHit } from "./heuristic_matcher.ts";
import { BACKTICKS_RUN, callsExecSink } from "./code_literals.ts";
import { isSourceFile, stringsRemoved, unquotedText, writtenRole } from "./quoted_files.ts";

/** Categories whose hits say what a text would make the model or a shell do; secrets keep their own handling. */
const ACTING_CATEGORIES = new Set([
  "injection",
  "subagent",
  "remote_exec",
  "destructive",
  "resource",
  "exfiltration",
  "persistence",
  "privilege",
  "tampering",
]);
/** What a viewer or scanner is only asked to find: patterns and attack samples, never run. */
const SEARCHED_CATEGORIES = new Set(["injection", "remote_exec", "destructive", "resource"]);
/** Programs that only print or search files and run nothing of what they are given (no `awk`, `sed`, `less`, `rg
 * --pre`: they can), and local scanners (`yara -r rules/ samples/`). */
const SEARCHERS = new Set(["grep", "egrep", "fgrep", "cat", "head", "tail", "wc", "nl", "yara"]);
const SHELLS = /^(?:ba|z|da|k|)sh$/;

const WRITE_TYPES = new Set(["write_file", "edit_file"]);

/** Whether the hit matched the written text only where that text is quoted (the write's every file has a role). */
function onlyQuotedInWrite(hit: RuleHit, view: ActionView): boolean {
  if (!WRITE_TYPES.has(view.type) || !ACTING_CATEGORIES.has(hit.rule.category)) return false;
  const paths = view.writePaths.map((path) => path.absolute);
  if (paths.length !== 1) return false;
  const role = writtenRole(paths);
  const contents = view.texts.get("content") ?? [];
  // Outside tests, a source file's strings quote injection phrases; commands too when the file calls nothing that
  // runs a string (a detector's pattern list), since a string handed to such a call still runs.
  const source = role === undefined && isSourceFile(paths[0]) &&
    (hit.rule.category === "injection" ||
      SEARCHED_CATEGORIES.has(hit.rule.category) &&
        !contents.some((text) => callsExecSink(text, BACKTICKS_RUN.test(paths[0]))));
  if (role === undefined && !source) return false;
  // A hit from anything but the written text (its path, a command) is not a quotation.
  if (!contents.some((text) => hit.rule.pattern.test(text.toLowerCase()))) return false;
  const unquoted = (text: string) => source ? stringsRemoved(text) : unquotedText(paths[0], text);
  return contents.every((text) => !hit.rule.pattern.test(unquoted(text).toLowerCase()));
}

function searchesOnly(view: ActionView): boolean {
  if (view.writePaths.length > 0 || view.urls.length > 0 || view.proseSegments) return false;
  return view.segments.every((segment) =>
    SHELLS.test(segment.program)
      ? /^-[a-z]*c$/.test(segment.argv[1] ?? "") && segment.argv.length === 3
      : SEARCHERS.has(segment.program) && segment.redirects.every((redirect) => redirect.op === "<")
  );
}

/** Whether the hit is on what a search or a local scan looks for (`grep -rn 'base64 -d | bash' rules/`). */
function onlySearched(hit: RuleHit, view: ActionView): boolean {
  if (!SEARCHED_CATEGORIES.has(hit.rule.category) || view.segments.length === 0) return false;
  return view.type === "execute_command" && searchesOnly(view);
}

/** Whether a hit is on a quotation: dropped by `exemptHits`. */
export function quotedHit(hit: RuleHit, view: ActionView): boolean {
  return onlyQuotedInWrite(hit, view) || onlySearched(hit, view);
}
