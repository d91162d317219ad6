/** The decoders normalisation applies to a text: percent and `\x`/`\u`/octal/`&#` escapes, base64 runs (and
 * zlib or gzip streams inside them), hex runs and spaced hex pairs, each keeping only results that read as text. */

import { inflate } from "./inflate.ts";

/** Decoded variants added per text, in total characters. */
export const MAX_DECODED_CHARS = 256 * 1024;

function printableRatio(text: string): number {
  if (text.length === 0) return 0;
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x20 && code < 0x7f) || code === 0x0a || code === 0x09 || code === 0x0d) printable++;
  }
  return printable / text.length;
}

const latin1 = new TextDecoder("latin1");
function bytesToText(bytes: Uint8Array): string {
  return latin1.decode(bytes);
}

/** Sextet value of each base64 character (both alphabets), -1 for others. */
export const SEXTET = new Int8Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach((char, value) => {
  SEXTET[char.charCodeAt(0)] = value;
});
SEXTET[0x2d] = 62; // -
SEXTET[0x5f] = 63; // _

/** Whether a base64 run can decode to text: a decoded byte of 0x80 or more is not printable, and more such bytes
 * than the 5% non-printable allowance rule the run out. Byte 1 of a group is high when its first sextet is 32
 * or more, byte 2 when bit 3 of the second sextet is set, byte 3 when bit 1 of the third is (a necessary
 * condition of decodeBase64's own check, found without decoding). */
export function mostlyAsciiBase64(body: string, start = 0, end = body.length): boolean {
  const length = end - start;
  if (length < 8 || length % 4 === 1) return false;
  const allowed = Math.floor((length * 3) / 4) * 0.05;
  let high = 0;
  for (let i = start; i < end; i += 4) {
    if (SEXTET[body.charCodeAt(i)] >= 32) high++;
    if (i + 2 < end && (SEXTET[body.charCodeAt(i + 1)] & 8) !== 0) high++;
    if (i + 3 < end && (SEXTET[body.charCodeAt(i + 2)] & 2) !== 0) high++;
    if (high > allowed) return false;
  }
  return true;
}

/** Bytes of UTF-16LE text in ASCII (round 53: PowerShell's `-EncodedCommand`, `[Text.Encoding]::Unicode`), every
 * second byte 0, read as that text; otherwise nothing. */
function utf16Ascii(binary: string): string | undefined {
  if (binary.length < 8 || binary.charCodeAt(1) !== 0) return undefined;
  const chars: string[] = [];
  for (let i = 0; i + 1 < binary.length; i += 2) {
    if (binary.charCodeAt(i + 1) !== 0) return undefined;
    chars.push(binary[i]);
  }
  const text = chars.join("");
  return printableRatio(text) >= 0.95 && /[a-z]{2}|[\/.]/i.test(text) ? text : undefined;
}

function decodeBase64(run: string): string | undefined {
  const body = run.replace(/=+$/, "");
  if (body.length < 8 || body.length % 4 === 1) return undefined;
  if (!/[0-9+/]|[A-Z][a-z]|[a-z][A-Z]/.test(body) || !mostlyAsciiBase64(body)) return undefined;
  try {
    const standard = body.replaceAll("-", "+").replaceAll("_", "/");
    const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
    const binary = atob(padded);
    if (printableRatio(binary) < 0.95) return utf16Ascii(binary);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const text = bytesToText(bytes);
    return /[a-z]{2}|[\/.]/i.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

export function decodeHexRun(run: string): string | undefined {
  const hex = run.replace(/^0x/i, "");
  if (hex.length % 2 !== 0) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const text = bytesToText(bytes);
  return printableRatio(text) >= 0.95 && /[a-z]{2}/i.test(text) ? text : undefined;
}

export function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return bytesToText(Uint8Array.from(run.slice(1).split("%"), (pair) => parseInt(pair, 16)));
    }
  });
}

/** The character an escape stands for; an escape of a control character that prints nothing (`\033`, `\x00`: no
 * word can hide in one) stays as written, so colour codes in a script do not make a decoded copy of it. */
function unescaped(point: number, written: string): string {
  if (point > 0x10ffff) return written;
  if ((point < 0x20 && point !== 0x09 && point !== 0x0a && point !== 0x0d) || point === 0x7f) return written;
  return String.fromCodePoint(point);
}

export function decodeEscapes(text: string): string {
  return text
    .replace(/\\x([0-9a-fA-F]{2})/g, (all, hex: string) => unescaped(parseInt(hex, 16), all))
    .replace(/\\u\{?([0-9a-fA-F]{4,6})\}?/g, (all, hex: string) => unescaped(parseInt(hex, 16), all))
    .replace(/\\(0?[0-7]{3})/g, (all, octal: string) => unescaped(parseInt(octal, 8) & 0xff, all))
    .replace(/&#x([0-9a-fA-F]{1,6});|&#([0-9]{1,7});/g, (all, hex?: string, decimal?: string) => {
      return unescaped(hex ? parseInt(hex, 16) : parseInt(decimal ?? "", 10), all);
    });
}

export const HEX_RUN = /\b(?:0x)?(?:[0-9a-fA-F]{2}){6,}\b/g;
export const HEX_SPACED = /\b[0-9a-fA-F]{2}(?:[ :][0-9a-fA-F]{2}){5,}\b/g;

export const BASE64_CHAR = new Uint8Array(128);
export const HEX_CHAR = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") {
  BASE64_CHAR[char.charCodeAt(0)] = 1;
}
for (const char of "0123456789abcdefABCDEF") HEX_CHAR[char.charCodeAt(0)] = 1;
const isBase64 = (text: string, i: number) => BASE64_CHAR[text.charCodeAt(i)] === 1;

/** A base64 run that starts like a zlib (`eJ...`) or gzip (`H4sI...`) stream: decoded, decompressed, and kept when
 * the result is text (`exec(zlib.decompress(b64decode('eJ...')))`). */
export function compressedRun(text: string, start: number, end: number): boolean {
  return end - start >= 16 && (text.startsWith("eJ", start) || text.startsWith("H4sI", start));
}

function decodeCompressed(run: string): string | undefined {
  try {
    const standard = run.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
    const binary = atob(standard + "=".repeat((4 - (standard.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const inflated = inflate(bytes, MAX_DECODED_CHARS);
    if (!inflated) return undefined;
    const text = bytesToText(inflated);
    return printableRatio(text) >= 0.95 ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces each run `[A-Za-z0-9+/_-]{8,}={0,2}` that decodes as base64, as a global regex replace would:
 * maximal runs, left to right, in one linear pass. */
export function swapBase64(text: string, fragments: string[]): string {
  const parts: string[] = [];
  let last = 0;
  let i = 0;
  while (i < text.length) {
    if (!isBase64(text, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isBase64(text, i)) i++;
    if (i - start < 8) continue;
    let end = i;
    while (end < text.length && end - i < 2 && text[end] === "=") end++;
    const decoded = mostlyAsciiBase64(text, start, i)
      ? decodeBase64(text.slice(start, end))
      : compressedRun(text, start, i)
      ? decodeCompressed(text.slice(start, end))
      : undefined;
    i = end;
    if (decoded === undefined) continue;
    fragments.push(decoded);
    parts.push(text.slice(last, start), decoded);
    last = end;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join("");
}

/** Whether `text` has at least `count` hex digits in a row (HEX_RUN needs 12: a cheap gate before it). */
export function hasHexRun(text: string, count: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = HEX_CHAR[text.charCodeAt(i)] === 1 ? run + 1 : 0;
    if (run >= count) return true;
  }
  return false;
}

/** Whether `text` has six hex pairs joined by spaces or colons (HEX_SPACED needs them: a cheap gate). */
export function hasSpacedHex(text: string): boolean {
  const state = { matched: 0, phase: 0 };
  for (let i = 0; i < text.length; i++) if (spacedHexStep(state, text, i)) return true;
  return false;
}

/** One character of a pass matching the periodic shape `hh?hh?...` (? a space or colon), restarting on a
 * mismatch at the longest prefix the last characters still form; true once six pairs are joined. */
function spacedHexStep(state: { matched: number; phase: number }, text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  const hex = HEX_CHAR[code] === 1;
  if (state.phase === 2 ? code === 0x20 || code === 0x3a : hex) {
    state.matched++;
    state.phase = state.phase === 2 ? 0 : state.phase + 1;
  } else if (hex) {
    state.phase = state.matched = HEX_CHAR[text.charCodeAt(i - 1)] === 1 ? 2 : 1;
  } else state.phase = state.matched = 0;
  return state.matched >= 17;
}
