/** Texts joined from texts Shield has scanned (a written file's contents, a task's title and prompt): the literal
 * index is told what the joined text is made of, so its scan is composed from theirs (`literal_compose.ts`) when a
 * gated pattern asks for it, instead of read again. */

import type { Part } from "./literal_compose.ts";
import { LITERALS, LONG_TEXT } from "./literal_index.ts";

/** `texts.join(separator)`, described to the literal index. */
export function joinedText(texts: readonly string[], separator: string): string {
  const text = texts.join(separator);
  if (texts.length < 2 || text.length < LONG_TEXT) return text;
  const parts: Part[] = [];
  for (let k = 0; k < texts.length; k++) {
    if (k > 0 && separator !== "") parts.push(separator);
    if (texts[k] !== "") parts.push({ source: texts[k], from: 0, to: texts[k].length });
  }
  LITERALS.derive(text, parts);
  return text;
}
