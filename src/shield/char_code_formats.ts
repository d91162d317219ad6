/** Command lines spelled through a format's `%c` directives (round 37): awk's and PHP's `sprintf("%c%c%c%c -s
 * host/a|sh", 99, 117, 114, 108)`, awk's and Perl's `printf "%c%c...", 99, ...`, Python's `"%c%c..." % (99, ...)`. The text
 * a format and its numbers spell is judged as the code's own strings are (`code_literals.ts`), as number lists are
 * (`char_code_lists.ts`). */

import { matchesOf } from "./match_all.ts";

/** A `%c` format (single or double quoted, up to 512 characters) followed by its numbers: as a call's further
 * arguments (`sprintf("...", 99, ...)`, `printf "...", 99, ...`) or Python's `%` operator with a tuple. */
const FORMAT_WITH_NUMBERS =
  /(["'])((?:(?!\1)[^\\\n]|\\.){0,512}?%c(?:(?!\1)[^\\\n]|\\.){0,512}?)\1\s*(?:,|%\s*\()\s*(\d{1,3}(?:\s*,\s*\d{1,3}){0,255})/g;
const DIRECTIVE = /%(.)/g;
const PRINTABLE = /^[\t\n\r -~]+$/;
const MAX_FORMATS = 16;

/** The format with each `%c` given its character and each `%d`/`%i`/`%s` its number; undefined when a directive
 * is of another kind or the numbers run out. */
function filled(format: string, numbers: number[]): string | undefined {
  let next = 0;
  let failed = false;
  const text = format.replace(DIRECTIVE, (_, kind: string) => {
    if (kind === "%") return "%";
    const value = numbers[next++];
    if (value === undefined || !/^[cdis]$/.test(kind)) {
      failed = true;
      return "";
    }
    return kind === "c" ? String.fromCharCode(value) : String(value);
  });
  return failed ? undefined : text;
}

/** The printable texts the code's `%c` formats spell with the numbers given them. */
export function charFormatStrings(code: string): string[] {
  if (!code.includes("%c")) return [];
  const found: string[] = [];
  for (const match of matchesOf(FORMAT_WITH_NUMBERS, code)) {
    const numbers = match[3].split(",").map((item) => Number(item.trim()));
    if (numbers.some((value) => value > 255)) continue;
    const text = filled(match[2].replace(/\\n/g, "\n").replace(/\\t/g, "\t"), numbers);
    if (text !== undefined && PRINTABLE.test(text)) found.push(text);
    if (found.length >= MAX_FORMATS) break;
  }
  return found;
}
