/** The lines of a text that hold a literal, found by one scan for the literal (round 52): a check that reads lines
 * about passwords or allow-lists reads those, not every line of a long file. */

import { matchesOf } from "../match_all.ts";

/** The distinct lines holding a match of `literal` (a global regex of literals), in order, at most `max`. */
export function hintedLines(text: string, literal: RegExp, max = 400): string[] {
  const lines: string[] = [];
  let covered = -1;
  literal.lastIndex = 0;
  for (const match of matchesOf(literal, text)) {
    if (match.index <= covered) continue;
    const start = text.lastIndexOf("\n", match.index) + 1;
    const newline = text.indexOf("\n", match.index);
    const end = newline < 0 ? text.length : newline;
    lines.push(text.slice(start, end));
    covered = end;
    if (lines.length >= max) break;
  }
  return lines;
}
