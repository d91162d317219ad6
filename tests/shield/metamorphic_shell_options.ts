/** Option spellings of common programs for the command-line metamorphic test: short and long forms of the same
 * option (from each program's manual), and which take a value; used to respell and reorder options. */

import type { Segment } from "./metamorphic_shell_scan.ts";

export interface OptionForm {
  short: string;
  long: string;
  takesValue: boolean;
}

function forms(table: [string, string, boolean][]): OptionForm[] {
  return table.map(([short, long, takesValue]) => ({ short, long, takesValue }));
}

const RECURSIVE_FORCE = forms([["r", "recursive", false], ["f", "force", false], ["v", "verbose", false]]);

/** Per program, its options with both spellings (GNU coreutils, curl, wget, git push, pip, npm). */
export const OPTION_TABLE: Record<string, OptionForm[]> = {
  curl: forms([
    ["d", "data", true],
    ["X", "request", true],
    ["o", "output", true],
    ["H", "header", true],
    ["F", "form", true],
    ["T", "upload-file", true],
    ["u", "user", true],
    ["A", "user-agent", true],
    ["s", "silent", false],
    ["S", "show-error", false],
    ["k", "insecure", false],
    ["L", "location", false],
    ["f", "fail", false],
    ["O", "remote-name", false],
  ]),
  wget: forms([
    ["O", "output-document", true],
    ["q", "quiet", false],
    ["U", "user-agent", true],
    ["P", "directory-prefix", true],
  ]),
  rm: RECURSIVE_FORCE,
  cp: forms([["r", "recursive", false], ["f", "force", false], ["a", "archive", false]]),
  chmod: forms([["R", "recursive", false], ["v", "verbose", false]]),
  chown: forms([["R", "recursive", false], ["v", "verbose", false]]),
  base64: forms([["d", "decode", false], ["w", "wrap", true]]),
  shred: forms([["u", "remove", false], ["z", "zero", false], ["n", "iterations", true], [
    "f",
    "force",
    false,
  ]]),
  tee: forms([["a", "append", false]]),
  pip: forms([["i", "index-url", true], ["r", "requirement", true], ["U", "upgrade", false], [
    "q",
    "quiet",
    false,
  ]]),
  pip3: forms([["i", "index-url", true], ["r", "requirement", true], ["U", "upgrade", false], [
    "q",
    "quiet",
    false,
  ]]),
  npm: forms([["g", "global", false], ["D", "save-dev", false]]),
  crontab: forms([["r", "remove", false], ["l", "list", false], ["e", "edit", false]]),
};

/** The option table of the segment's program (git: of `git push` only, whose -f is --force). */
export function optionsOf(segment: Segment, programIndex: number): OptionForm[] | undefined {
  const program = segment.words[programIndex]?.text;
  if (program === "git" && segment.words[programIndex + 1]?.text === "push") {
    return forms([["f", "force", false], ["u", "set-upstream", false]]);
  }
  const table = program === undefined ? undefined : OPTION_TABLE[program];
  return table && table.length > 0 ? table : undefined;
}

/** A short-option cluster (`-rf`, `-sSL`) whose letters all have long forms and take no value, as its forms. */
export function booleanCluster(word: string, table: OptionForm[]): OptionForm[] | undefined {
  if (!/^-[A-Za-z]+$/.test(word)) return undefined;
  const found = [...word.slice(1)].map((letter) => table.find((form) => form.short === letter));
  return found.every((form) => form !== undefined && !form.takesValue) ? found as OptionForm[] : undefined;
}
