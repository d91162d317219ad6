/** Words that only change how bash finds a program, never what it runs (`command`, `builtin`, `exec`, `env`,
 * `busybox`): a segment is judged as the command they lead to, so `command curl ... | env sh` reads `curl ... | sh`. */

import { basename } from "./shell_parser.ts";
import { ownTable } from "../lib/own_table.ts";

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Per lookup word: its options that take a value, and those that make it something else (`command -v`). */
const LOOKUP_OPTIONS: Record<string, { valued: string[]; stop?: RegExp }> = ownTable({
  command: { valued: [], stop: /^-[a-zA-Z]*[vV]/ },
  builtin: { valued: [] },
  exec: { valued: ["-a"] },
  env: {
    valued: ["-u", "--unset", "-C", "--chdir"],
    stop: /^(?:-[a-zA-Z]*S|--split-string|--help|--version)/,
  },
  busybox: { valued: [], stop: /^-/ },
});

/** Index of the first word after the lookup word at `at` and its options, or -1 when it leads to no command. */
function commandAfter(argv: readonly string[], at: number, lookup: string): number {
  const { valued, stop } = LOOKUP_OPTIONS[lookup];
  let index = at + 1;
  while (index < argv.length) {
    const word = argv[index];
    if (stop?.test(word)) return -1;
    if (word === "--") return index + 1 < argv.length ? index + 1 : -1;
    if (lookup === "env" && (ASSIGNMENT.test(word) || word === "-")) index++;
    else if (word.startsWith("-") && word.length > 1) index += valued.includes(word) ? 2 : 1;
    else return index;
  }
  return -1;
}

/** `argv` without its lookup words (assignments before and after them kept); `argv` itself when it has none. */
export function withoutLookupWords(argv: string[]): string[] {
  let words = argv;
  for (let rounds = 0; rounds < 8; rounds++) {
    let at = 0;
    while (at < words.length && ASSIGNMENT.test(words[at])) at++;
    const word = words[at];
    if (word === undefined) return words;
    const lookup = word.length <= 16 ? basename(word) : "";
    if (!Object.hasOwn(LOOKUP_OPTIONS, lookup)) return words;
    const next = commandAfter(words, at, lookup);
    if (next < 0) return words;
    const kept = lookup === "env" ? words.slice(at + 1, next).filter((word) => ASSIGNMENT.test(word)) : [];
    words = [...words.slice(0, at), ...kept, ...words.slice(next)];
  }
  return words;
}
