/** A carried value as a reader takes it (round 35): as written, with look-alike letters and invisible characters
 * folded, and with Markdown/HTML markup dropped and wrapped lines joined -- so the word-order checks of this round's
 * files read `send<!-- -->`, `**account**`, `Tr\u0430nsfer` (a Cyrillic a, U+0430) and a verb at a line's end as written plainly. */

import { cleanText } from "../normalize.ts";
import { readProse } from "../prose_text.ts";

export function readingsOf(value: string): string[] {
  const cleaned = cleanText(value);
  const read = readProse(cleaned);
  const readings = [value];
  if (cleaned !== value) readings.push(cleaned);
  if (read !== undefined) readings.push(read);
  return readings;
}
