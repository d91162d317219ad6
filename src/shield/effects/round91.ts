/** Round 91's checks, called once from the effect profile: command lines spelled in escape codes and run as one word
 * (`spelled_command_words.ts`; the parser reads the line they spell), access policies opened to everyone or
 * everything (`open_access_policies.ts`), mail servers wiped for every user (`mail_server_wipes.ts`) and programs
 * named as exploits run (`exploit_runs.ts`). Round 91's other reading sits where it is read: guards whose whole
 * answer is a fixed success (`noop_guards.ts`). Each check is gated by a literal test of the texts or by the
 * programs of the command before its loops and regexes run. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { CODE, commandNeeds } from "./round_plan.ts";
import { judgeSpelledCommandWords } from "./spelled_command_words.ts";
import { judgeOpenAccessPolicies, POLICY_HINT } from "./open_access_policies.ts";
import { EXCHANGE_HINT, judgeMailServerWipes, MAIL_SERVER_PROGRAMS } from "./mail_server_wipes.ts";
import { judgeExploitRuns, runsExploitCandidate } from "./exploit_runs.ts";
import { payloadStrings } from "./payload_strings.ts";

const REPLACED_KEY = /^(?:old|original|search|find|before)/i;

/** What the round reads of a lone command line (speed round 38): the mail servers' programs and the programs an
 * exploit may be run as (a path, an interpreter, a compiler); the policy and Exchange hints of its texts, and a
 * backslash for the escape hint (every match of `NUMBER_ESCAPE_HINT` holds one; the hint itself is not asked: its
 * octal alternative has no literal, so its gate opens on every text and the round ran on every command until stop
 * 43's merge found it); code (a here-doc's policy body). */
export const ON_COMMAND = commandNeeds({
  programs: (program) => MAIL_SERVER_PROGRAMS.has(program) || runsExploitCandidate(program),
  words: [POLICY_HINT, EXCHANGE_HINT],
  orIncludes: ["\\"],
  facts: CODE,
});

export function judgeRound91(view: ActionView, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  if (shell.length > 0) {
    judgeSpelledCommandWords(view.tool, view.segments, shell, findings);
    judgeMailServerWipes(view.tool, view.segments, shell, findings);
  }
  if (view.segments.length > 0) judgeExploitRuns(view.tool, view.segments, findings);
  const code = view.texts.get("code") ?? [];
  const texts = [...shell.slice(0, 8), ...code.slice(0, 8)];
  const paths = view.writePaths.map((path) => path.relative ?? path.absolute);
  // A tool's own payload: a written file's text, an API's body (an edit's old text is what it replaces), also when a
  // key read as a command names the edit's operation (`{script: "str_replace", filepath, new_str}`).
  const keyed = payloadStrings(view.calledPayload).slice(0, 32);
  for (const entry of keyed) {
    if (!REPLACED_KEY.test(entry.key) && !texts.includes(entry.value)) texts.push(entry.value);
  }
  if (texts.length > 0) judgeOpenAccessPolicies(view.tool, texts, paths, findings);
}
