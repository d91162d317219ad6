/** Texts joined from texts Shield has scanned (a written file's contents, a task's title and prompt), or cut from
 * one: the literal index is told what the new text is made of, so its scan is composed from theirs
 * (`literal_compose.ts`) when a gated pattern asks for it, instead of read again. Each helper returns exactly the
 * string the plain `join` or `slice` gives; only the index's description is added. */

import type { Part } from "./literal_compose.ts";
import { LITERALS, LONG_TEXT } from "./literal_index.ts";

/** `texts.join(separator)`, described to the literal index. */
export function joinedText(texts: readonly string[], separator: string): string {
  const text = texts.join(separator);
  if (texts.length < 2 || text.length < LONG_TEXT) return text;
  LITERALS.derive(text, slicesOf(texts, separator));
  return text;
}

/** `[...texts, ...fresh].join(separator)`, described to the literal index: `texts` are read as slices of their
 * scans, the `fresh` strings (made by the caller, not scanned: a rewording, a copy with marks dropped) as put-in
 * strings the composition scans itself (speed round 31: a task's prompt joined with its prose reading was scanned
 * whole, prompt included, though the rules had scanned the prompt). */
export function joinedWith(texts: readonly string[], fresh: readonly string[], separator: string): string {
  const text = [...texts, ...fresh].join(separator);
  if (texts.length + fresh.length < 2 || text.length < LONG_TEXT) return text;
  const parts = slicesOf(texts, separator);
  for (let k = 0; k < fresh.length; k++) {
    if (texts.length > 0 || k > 0) {
      if (separator !== "") parts.push(separator);
    }
    if (fresh[k] !== "") parts.push(fresh[k]);
  }
  LITERALS.derive(text, parts);
  return text;
}

/** `text.slice(0, max)`, described to the literal index as the start of `text` (speed round 31: a check that bounds
 * what it reads had the first 16 K of a longer document scanned again, though the rules had scanned it whole). */
export function boundedText(text: string, max: number): string {
  const bounded = text.slice(0, max);
  if (bounded.length === text.length || bounded.length < LONG_TEXT) return bounded;
  LITERALS.derive(bounded, [{ source: text, from: 0, to: bounded.length }]);
  return bounded;
}

/** Tells the literal index that `text` (a long command line, as called) holds `inner` whole (a heredoc's body the
 * view reads as code, scanned by the rules): a later scan of `text` is composed from `inner`'s and the rest of the
 * line (speed round 40: the round plan's word gates scanned every long heredoc line again, some 23 % of what the
 * real-work set's slowest sixth scanned). Nothing is told when `inner` is not in `text`. */
export function describeAround(text: string, inner: string): void {
  if (text.length < LONG_TEXT || inner === "" || inner.length >= text.length) return;
  const at = text.indexOf(inner);
  if (at < 0) return;
  const parts: Part[] = [];
  if (at > 0) parts.push(text.slice(0, at));
  parts.push({ source: inner, from: 0, to: inner.length });
  if (at + inner.length < text.length) parts.push(text.slice(at + inner.length));
  LITERALS.derive(text, parts);
}

function slicesOf(texts: readonly string[], separator: string): Part[] {
  const parts: Part[] = [];
  for (let k = 0; k < texts.length; k++) {
    if (k > 0 && separator !== "") parts.push(separator);
    if (texts[k] !== "") parts.push({ source: texts[k], from: 0, to: texts[k].length });
  }
  return parts;
}
