/** The decoder pre-check: one pass over a text tells which decoders could change it (most texts need none), so
 * normalisation runs only those. */

import { BASE64_CHAR, HEX_CHAR, SEXTET } from "./text_decoders.ts";

/** Decoders of decodeOnce, as bits of what `decoders` finds a text may need. */
export const PERCENT = 1;
export const ESCAPES = 2;
export const BASE64 = 4;
export const HEX = 8;
export const SPACED_HEX = 16;
export const ALL_DECODERS = PERCENT | ESCAPES | BASE64 | HEX | SPACED_HEX;

/** Per byte: hex digit, base64 character, hex-pair separator (space, colon), escape opener (`\\`, `&`, `%`); bytes
 * of 0x80 and more (the UTF-8 of non-ASCII characters) are none of them. */
const HEX_DIGIT = 1;
const BASE64_DIGIT = 2;
const PAIR_SEPARATOR = 4;
const ESCAPE_OPENER = 8;
const CHARACTER_KINDS = new Uint8Array(256);
for (let code = 0; code < 128; code++) {
  CHARACTER_KINDS[code] = (HEX_CHAR[code] ? HEX_DIGIT : 0) | (BASE64_CHAR[code] ? BASE64_DIGIT : 0) |
    (code === 0x20 || code === 0x3a ? PAIR_SEPARATOR : 0) |
    (code === 0x5c || code === 0x26 || code === 0x25 ? ESCAPE_OPENER : 0);
}

/** The pass reads the text's UTF-8 bytes, not its UTF-16 code units: `charCodeAt` over strings of every
 * representation V8 makes (sliced, concatenated, two-byte) left this loop polymorphic at 17 to 21 ns a character,
 * a byte array is one representation (7 to 9). The bits found are the same: every mark a decoder needs is ASCII and
 * is judged by its ASCII neighbours (a base64 run, the hex digits around a separator, the characters after an escape
 * opener), and a non-ASCII character, one code unit or two, becomes bytes of 0x80 and more (a lone surrogate the
 * three bytes of U+FFFD), which are no mark and no neighbour a mark needs, as it was no such code unit. */
const encoder = new TextEncoder();
/** Room for three bytes per code unit and three zero bytes after the text (what reads past its end find). */
let bytes = new Uint8Array(4096);
/** A buffer grown past this for one huge text is not kept. */
const KEPT_BYTES = 1 << 18;

/** Which decoders of decodeOnce could change `text` (bits): a percent escape, an escape (`\x41`, `\u0041`, `\101`,
 * `&#65;`), a base64 run that could decode to text, twelve hex digits in a row, six hex pairs joined by spaces or
 * colons. One pass that looks closer only at the ends of base64-character runs and at separators and escape
 * openers; it may report a decoder that then finds nothing, never miss one that would. */
export function decoders(text: string): number {
  // Encoded first: `encode` may replace the buffer.
  const length = encode(text);
  const found = decodersOf(bytes, length);
  if (bytes.length > KEPT_BYTES) bytes = new Uint8Array(4096);
  return found;
}

/** `decoders(text)` when every character of `text` is ASCII (then `cleanText` returns it as it is: the bytes tell so
 * without a test of their own), -1 when one is not. */
export function asciiDecoders(text: string): number {
  const length = encode(text);
  const found = length === text.length ? decodersOf(bytes, length) : -1;
  if (bytes.length > KEPT_BYTES) bytes = new Uint8Array(4096);
  return found;
}

/** Writes `text`'s UTF-8 into `bytes`, three zero bytes after it; returns how many bytes it took. */
function encode(text: string): number {
  if (bytes.length < text.length * 3 + 3) bytes = new Uint8Array(text.length * 3 + 3);
  const length = encoder.encodeInto(text, bytes).written;
  bytes[length] = bytes[length + 1] = bytes[length + 2] = 0;
  return length;
}

function decodersOf(data: Uint8Array, length: number): number {
  let found = 0;
  let runStart = -1;
  /** Hex pairs joined so far (`hh hh hh`): where the last join was, and how many in a row. */
  let lastJoin = -4;
  let joins = 0;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const code = data[i];
    const kind = CHARACTER_KINDS[code];
    if ((kind & BASE64_DIGIT) !== 0) {
      if (runStart < 0) runStart = i;
      previous = kind;
      continue;
    }
    if (runStart >= 0) {
      if (i - runStart >= 8) found |= runDecoders(data, runStart, i, found);
      runStart = -1;
    }
    if ((kind & PAIR_SEPARATOR) !== 0) {
      if ((previous & HEX_DIGIT) !== 0 && hexPairJoin(data, i)) {
        joins = i - lastJoin === 3 ? joins + 1 : 1;
        lastJoin = i;
        if (joins >= 5) found |= SPACED_HEX;
      }
    } else if ((kind & ESCAPE_OPENER) !== 0) found |= escapeAt(data, i, code);
    previous = kind;
    if (found === ALL_DECODERS) return found;
  }
  if (runStart >= 0 && length - runStart >= 8) found |= runDecoders(data, runStart, length, found);
  return found;
}

const isHex = (data: Uint8Array, i: number) => (CHARACTER_KINDS[data[i]] & HEX_DIGIT) !== 0;

/** A separator with two hex digits on each side (`ab cd`). */
function hexPairJoin(data: Uint8Array, i: number): boolean {
  return i >= 2 && isHex(data, i - 1) && isHex(data, i - 2) && isHex(data, i + 1) && isHex(data, i + 2);
}

/** What one run of base64 characters (eight or more) may need: base64 decoding, hex decoding. */
function runDecoders(data: Uint8Array, start: number, end: number, found: number): number {
  let needed = 0;
  if ((found & BASE64) === 0 && decodableRun(data, start, end)) needed |= BASE64;
  if ((found & HEX) === 0 && end - start >= 12) {
    let run = 0;
    for (let i = start; i < end && run < 12; i++) run = isHex(data, i) ? run + 1 : 0;
    if (run >= 12) needed |= HEX;
  }
  return needed;
}

/** A base64 run that swapBase64 could replace (`mostlyAsciiBase64` and `compressedRun` of text_decoders.ts, read
 * from the bytes). */
function decodableRun(data: Uint8Array, start: number, end: number): boolean {
  const compressed = end - start >= 16 &&
    ((data[start] === 0x65 && data[start + 1] === 0x4a) || // eJ
      (data[start] === 0x48 && data[start + 1] === 0x34 && data[start + 2] === 0x73 &&
        data[start + 3] === 0x49)); // H4sI
  return (mostlyAscii(data, start, end) && base64Marked(data, start, end)) || compressed;
}

/** `mostlyAsciiBase64` over the run's bytes: no more high decoded bytes than the 5 % allowance. */
function mostlyAscii(data: Uint8Array, start: number, end: number): boolean {
  const length = end - start;
  if (length < 8 || length % 4 === 1) return false;
  const allowed = Math.floor((length * 3) / 4) * 0.05;
  let high = 0;
  for (let i = start; i < end; i += 4) {
    if (SEXTET[data[i]] >= 32) high++;
    if (i + 2 < end && (SEXTET[data[i + 1]] & 8) !== 0) high++;
    if (i + 3 < end && (SEXTET[data[i + 2]] & 2) !== 0) high++;
    if (high > allowed) return false;
  }
  return true;
}

/** Whether a base64 run holds what decodeBase64 requires of one (a digit, `+`, `/` or a change of case). */
function base64Marked(data: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = data[i];
    if ((code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f) return true;
    if (i > start) {
      const previous = data[i - 1];
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

/** The decoder an escape opener at `i` calls for: `\\x`, `\\u` or `\\` and an octal digit; `&#`; `%` and two hex
 * digits. */
function escapeAt(data: Uint8Array, i: number, code: number): number {
  const next = data[i + 1];
  if (code === 0x5c) return next === 0x78 || next === 0x75 || (next >= 0x30 && next <= 0x37) ? ESCAPES : 0;
  if (code === 0x26) return next === 0x23 ? ESCAPES : 0;
  return isHex(data, i + 1) && isHex(data, i + 2) ? PERCENT : 0;
}
