/** What `xargs` hands its command: the words its producer prints (`ls -d ~/* | xargs rm -rf` runs `rm -rf ~/...`).
 * Only producers whose output is their own path operands (`ls`, `echo`, `printf`, `find` roots) and only paths that
 * leave the workspace (absolute, `~`, `$HOME`, `..`) are carried over; names inside it change nothing judged. */

import type { Segment } from "./shell_parser.ts";

const PRINTS_OPERANDS = /^(?:ls|echo|printf|find)$/;
const LEAVES_WORKSPACE = /^(?:\/|~|\$\{?HOME\b|\.\.(?:\/|$))/;

/** The outside paths the segment piped into `xargs` prints, if it is such a producer. */
export function xargsInput(segments: readonly Segment[]): string[] {
  const xargs = segments[segments.length - 1];
  const producer = segments[segments.length - 2];
  if (!xargs || !producer || xargs.joinedBy !== "|" || producer.depth !== xargs.depth) return [];
  if (!PRINTS_OPERANDS.test(producer.program)) return [];
  const operands = producer.argv.slice(1);
  const end = producer.program === "find" ? operands.findIndex((word) => /^[-!(]/.test(word)) : -1;
  return (end >= 0 ? operands.slice(0, end) : operands)
    .filter((word) => !word.startsWith("-") && LEAVES_WORKSPACE.test(word))
    .slice(0, 16);
}

/** `rest` (xargs's command) with the input words put where xargs puts them: in place of `-I` text, else at the end. */
export function withXargsInput(rest: string[], xargsArgs: readonly string[], input: string[]): string[] {
  if (input.length === 0) return rest;
  const at = xargsArgs.findIndex((arg) => arg === "-I" || /^-I.|^--replace/.test(arg));
  if (at < 0) return [...rest, ...input];
  const word = xargsArgs[at] === "-I"
    ? xargsArgs[at + 1]
    : xargsArgs[at].replace(/^-I|^--replace=?/, "") || "{}";
  return rest.flatMap((arg) => arg.includes(word) ? input.map((path) => arg.replaceAll(word, path)) : [arg]);
}
