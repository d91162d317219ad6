/** Code assembled from lists of character codes (round 33): `''.join(chr(c) for c in [105, 109, ...])`,
 * `''.join(map(chr, [...]))`, `bytes([0x69, ...]).decode()`, `bytearray(...)`, Perl's `pack("C*", 115, ...)`, PowerShell's
 * `[char[]](105, ...) -join ''`. The text a list spells is judged as the code's own strings are (a command line is
 * parsed, code is judged a level deeper), so `exec(...)` of it is read like `exec("import os; os.system(...)")`. */

import { matchesOf } from "./match_all.ts";

/** A call that turns numbers into characters or bytes: the lists are read only when the code holds one. */
const DECODING_CALL = /\bchr\b|\bbytes\s*\(|\bbytearray\s*\(|\bpack\s*\(|\[char\[?\]?\]|fromCharCode/;
/** Literals one of which each DECODING_CALL alternative holds: a cheap test before the regex. */
const DECODING_WORDS = ["chr", "bytes", "bytearray", "pack", "[char", "fromCharCode"];
/** A bracketed or parenthesised run of at least eight numbers (decimal or `0x` hex), or `pack("C*", ...)`'s numbers. */
const NUMBER_LIST =
  /[[(]\s*((?:(?:0x[0-9a-fA-F]{1,2}|\d{1,3})\s*,\s*){7,4095}(?:0x[0-9a-fA-F]{1,2}|\d{1,3}))\s*,?\s*[\])]|\bpack\s*\(\s*["']C\*["']\s*,\s*((?:\d{1,3}\s*,\s*){7,4095}\d{1,3})/g;
/** Printable text (tabs and line breaks allowed): a list of pixel values or a file header spells nothing. */
const PRINTABLE = /^[\t\n\r -~]+$/;
const MAX_LISTS = 16;

/** The texts the code's number lists spell, when the code decodes numbers and a list spells printable text. */
export function charCodeListStrings(code: string): string[] {
  if (!DECODING_WORDS.some((word) => code.includes(word)) || !DECODING_CALL.test(code)) return [];
  const found: string[] = [];
  for (const match of matchesOf(NUMBER_LIST, code)) {
    const numbers = (match[1] ?? match[2]).split(",").map((item) => Number(item.trim()));
    if (numbers.some((value) => !(value >= 0 && value < 256))) continue;
    const text = String.fromCharCode(...numbers);
    if (PRINTABLE.test(text)) found.push(text);
    if (found.length >= MAX_LISTS) break;
  }
  return found;
}
