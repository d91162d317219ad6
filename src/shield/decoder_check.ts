/** The decoder pre-check: one pass over a text tells which decoders could change it (most texts need none), so
 * normalisation runs only those. */

import { BASE64_CHAR, compressedRun, HEX_CHAR, mostlyAsciiBase64 } from "./text_decoders.ts";

/** Decoders of decodeOnce, as bits of what `decoders` finds a text may need. */
export const PERCENT = 1;
export const ESCAPES = 2;
export const BASE64 = 4;
export const HEX = 8;
export const SPACED_HEX = 16;
export const ALL_DECODERS = PERCENT | ESCAPES | BASE64 | HEX | SPACED_HEX;

/** Whether a base64 run holds what decodeBase64 requires of one (a digit, `+`, `/` or a change of case). */
function base64Marked(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f) return true;
    if (i > start) {
      const previous = text.charCodeAt(i - 1);
      const upper = code >= 0x41 && code <= 0x5a;
      const lower = code >= 0x61 && code <= 0x7a;
      if (
        (upper && previous >= 0x61 && previous <= 0x7a) || (lower && previous >= 0x41 && previous <= 0x5a)
      ) {
        return true;
      }
    }
  }
  return false;
}

/** A base64 run that swapBase64 could replace. */
function decodableRun(text: string, start: number, end: number): boolean {
  return (mostlyAsciiBase64(text, start, end) && base64Marked(text, start, end)) ||
    compressedRun(text, start, end);
}

/** Per ASCII character: hex digit, base64 character, hex-pair separator (space, colon), escape opener (`\\`, `&`,
 * `%`). */
const HEX_DIGIT = 1;
const BASE64_DIGIT = 2;
const PAIR_SEPARATOR = 4;
const ESCAPE_OPENER = 8;
const CHARACTER_KINDS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  CHARACTER_KINDS[code] = (HEX_CHAR[code] ? HEX_DIGIT : 0) | (BASE64_CHAR[code] ? BASE64_DIGIT : 0) |
    (code === 0x20 || code === 0x3a ? PAIR_SEPARATOR : 0) |
    (code === 0x5c || code === 0x26 || code === 0x25 ? ESCAPE_OPENER : 0);
}

/** Which decoders of decodeOnce could change `text` (bits): a percent escape, an escape (`\x41`, `\u0041`, `\101`,
 * `&#65;`), a base64 run that could decode to text, twelve hex digits in a row, six hex pairs joined by spaces or
 * colons. One pass that looks closer only at the ends of base64-character runs and at separators and escape
 * openers; it may report a decoder that then finds nothing, never miss one that would. */
export function decoders(text: string): number {
  let found = 0;
  let runStart = -1;
  /** Hex pairs joined so far (`hh hh hh`): where the last join was, and how many in a row. */
  let lastJoin = -4;
  let joins = 0;
  let previous = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? CHARACTER_KINDS[code] : 0;
    if ((kind & BASE64_DIGIT) !== 0) {
      if (runStart < 0) runStart = i;
      previous = kind;
      continue;
    }
    if (runStart >= 0) {
      if (i - runStart >= 8) found |= runDecoders(text, runStart, i, found);
      runStart = -1;
    }
    if ((kind & PAIR_SEPARATOR) !== 0) {
      if ((previous & HEX_DIGIT) !== 0 && hexPairJoin(text, i)) {
        joins = i - lastJoin === 3 ? joins + 1 : 1;
        lastJoin = i;
        if (joins >= 5) found |= SPACED_HEX;
      }
    } else if ((kind & ESCAPE_OPENER) !== 0) found |= escapeAt(text, i, code);
    previous = kind;
    if (found === ALL_DECODERS) return found;
  }
  if (runStart >= 0 && length - runStart >= 8) found |= runDecoders(text, runStart, length, found);
  return found;
}

const isHex = (text: string, i: number) => HEX_CHAR[text.charCodeAt(i)] === 1;

/** A separator with two hex digits on each side (`ab cd`). */
function hexPairJoin(text: string, i: number): boolean {
  return i >= 2 && isHex(text, i - 1) && isHex(text, i - 2) && isHex(text, i + 1) && isHex(text, i + 2);
}

/** What one run of base64 characters (eight or more) may need: base64 decoding, hex decoding. */
function runDecoders(text: string, start: number, end: number, found: number): number {
  let needed = 0;
  if ((found & BASE64) === 0 && decodableRun(text, start, end)) needed |= BASE64;
  if ((found & HEX) === 0 && end - start >= 12) {
    let run = 0;
    for (let i = start; i < end && run < 12; i++) run = isHex(text, i) ? run + 1 : 0;
    if (run >= 12) needed |= HEX;
  }
  return needed;
}

/** The decoder an escape opener at `i` calls for: `\\x`, `\\u` or `\\` and an octal digit; `&#`; `%` and two hex
 * digits. */
function escapeAt(text: string, i: number, code: number): number {
  const next = text.charCodeAt(i + 1);
  if (code === 0x5c) return next === 0x78 || next === 0x75 || (next >= 0x30 && next <= 0x37) ? ESCAPES : 0;
  if (code === 0x26) return next === 0x23 ? ESCAPES : 0;
  return HEX_CHAR[next] === 1 && HEX_CHAR[text.charCodeAt(i + 2)] === 1 ? PERCENT : 0;
}
