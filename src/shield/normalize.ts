/** Normalisation before matching: removes invisible characters, folds Unicode look-alikes to Latin, and
 * decodes percent, `\x`/`\u`/octal escapes, base64 and hex found in text, recursively and within bounds,
 * so an encoded payload is judged as what it decodes to. */

import { CONFUSABLES } from "./confusables.ts";
import { inflate } from "./inflate.ts";

/** Each text is scanned up to this many characters; longer texts are judged on this prefix (and flagged). */
export const MAX_SCAN_CHARS = 1024 * 1024;
/** Decoded variants added per text, in total characters. */
const MAX_DECODED_CHARS = 256 * 1024;
const MAX_DECODE_DEPTH = 3;
const MAX_VARIANTS = 24;

const INVISIBLE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF]/g;
// deno-lint-ignore no-control-regex -- the ASCII range starts at NUL on purpose
const NON_ASCII = /[^\x00-\x7F]/;
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "g");

/** Invisible characters removed, NFKC, look-alikes folded to Latin. Case is kept (decoders need it). */
export function cleanText(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(INVISIBLE, "").normalize("NFKC").replace(CONFUSABLE_CHARS, (char) => CONFUSABLES[char]);
}

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
const SEXTET = new Int8Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach((char, value) => {
  SEXTET[char.charCodeAt(0)] = value;
});
SEXTET[0x2d] = 62; // -
SEXTET[0x5f] = 63; // _

/** Whether a base64 run can decode to text: a decoded byte of 0x80 or more is not printable, and more such bytes
 * than the 5% non-printable allowance rule the run out. Byte 1 of a group is high when its first sextet is 32
 * or more, byte 2 when bit 3 of the second sextet is set, byte 3 when bit 1 of the third is (a necessary
 * condition of decodeBase64's own check, found without decoding). */
function mostlyAsciiBase64(body: string, start = 0, end = body.length): boolean {
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

function decodeBase64(run: string): string | undefined {
  const body = run.replace(/=+$/, "");
  if (body.length < 8 || body.length % 4 === 1) return undefined;
  if (!/[0-9+/]|[A-Z][a-z]|[a-z][A-Z]/.test(body) || !mostlyAsciiBase64(body)) return undefined;
  try {
    const standard = body.replaceAll("-", "+").replaceAll("_", "/");
    const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
    const binary = atob(padded);
    if (printableRatio(binary) < 0.95) return undefined;
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const text = bytesToText(bytes);
    return /[a-z]{2}|[\/.]/i.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

function decodeHexRun(run: string): string | undefined {
  const hex = run.replace(/^0x/i, "");
  if (hex.length % 2 !== 0) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const text = bytesToText(bytes);
  return printableRatio(text) >= 0.95 && /[a-z]{2}/i.test(text) ? text : undefined;
}

function decodePercent(text: string): string {
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

function decodeEscapes(text: string): string {
  return text
    .replace(/\\x([0-9a-fA-F]{2})/g, (all, hex: string) => unescaped(parseInt(hex, 16), all))
    .replace(/\\u\{?([0-9a-fA-F]{4,6})\}?/g, (all, hex: string) => unescaped(parseInt(hex, 16), all))
    .replace(/\\(0?[0-7]{3})/g, (all, octal: string) => unescaped(parseInt(octal, 8) & 0xff, all))
    .replace(/&#x([0-9a-fA-F]{1,6});|&#([0-9]{1,7});/g, (all, hex?: string, decimal?: string) => {
      return unescaped(hex ? parseInt(hex, 16) : parseInt(decimal ?? "", 10), all);
    });
}

const HEX_RUN = /\b(?:0x)?(?:[0-9a-fA-F]{2}){6,}\b/g;
const HEX_SPACED = /\b[0-9a-fA-F]{2}(?:[ :][0-9a-fA-F]{2}){5,}\b/g;

const BASE64_CHAR = new Uint8Array(128);
const HEX_CHAR = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") {
  BASE64_CHAR[char.charCodeAt(0)] = 1;
}
for (const char of "0123456789abcdefABCDEF") HEX_CHAR[char.charCodeAt(0)] = 1;
const isBase64 = (text: string, i: number) => BASE64_CHAR[text.charCodeAt(i)] === 1;

/** A base64 run that starts like a zlib (`eJ…`) or gzip (`H4sI…`) stream: decoded, decompressed, and kept when
 * the result is text (`exec(zlib.decompress(b64decode('eJ…')))`). */
function compressedRun(text: string, start: number, end: number): boolean {
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
function swapBase64(text: string, fragments: string[]): string {
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
function hasHexRun(text: string, count: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = HEX_CHAR[text.charCodeAt(i)] === 1 ? run + 1 : 0;
    if (run >= count) return true;
  }
  return false;
}

/** Whether `text` has six hex pairs joined by spaces or colons (HEX_SPACED needs them: a cheap gate). */
function hasSpacedHex(text: string): boolean {
  const state = { matched: 0, phase: 0 };
  for (let i = 0; i < text.length; i++) if (spacedHexStep(state, text, i)) return true;
  return false;
}

/** One character of a pass matching the periodic shape `hh?hh?…` (? a space or colon), restarting on a
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

/** Decoders of decodeOnce, as bits of what `decoders` finds a text may need. */
const PERCENT = 1;
const ESCAPES = 2;
const BASE64 = 4;
const HEX = 8;
const SPACED_HEX = 16;
const ALL_DECODERS = PERCENT | ESCAPES | BASE64 | HEX | SPACED_HEX;

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

/** One decoding step: the text with every encoded run replaced, plus each decoded run on its own. `needed`: the
 * decoders `decoders` found the text may need (the others could not change it). */
export function decodeOnce(text: string, needed = ALL_DECODERS): string[] {
  const out: string[] = [];
  const fragments: string[] = [];
  let replaced = text;
  if ((needed & PERCENT) !== 0 && /%[0-9a-fA-F]{2}/.test(text)) replaced = decodePercent(replaced);
  if (
    (replaced !== text || (needed & ESCAPES) !== 0) &&
    /\\(?:x[0-9a-fA-F]|u[0-9a-fA-F{]|0?[0-7]{3})|&#/.test(replaced)
  ) {
    replaced = decodeEscapes(replaced);
  }
  // What an earlier decoder produced may need any later one.
  let later = replaced === text ? needed : ALL_DECODERS;
  const swap = (pattern: RegExp, decode: (run: string) => string | undefined) => {
    replaced = replaced.replace(pattern, (run) => {
      const decoded = decode(run);
      if (decoded === undefined) return run;
      fragments.push(decoded);
      return decoded;
    });
  };
  if ((later & BASE64) !== 0) {
    const before = replaced;
    replaced = swapBase64(replaced, fragments);
    if (replaced !== before) later = ALL_DECODERS;
  }
  if ((later & HEX) !== 0 && hasHexRun(replaced, 12)) swap(HEX_RUN, decodeHexRun);
  if ((later & SPACED_HEX) !== 0 && hasSpacedHex(replaced)) {
    swap(HEX_SPACED, (run) => decodeHexRun(run.replace(/[ :]/g, "")));
  }
  if (replaced !== text) out.push(replaced);
  for (const fragment of fragments) if (fragment !== replaced) out.push(fragment);
  return out;
}

/** The cleaned text followed by its decoded variants (case kept), bounded in depth, count and size. */
/** The scanned prefix of a text, cleaned: the first of its variants. */
export function cleanPrefix(raw: string): string {
  return cleanText(raw.length > MAX_SCAN_CHARS ? raw.slice(0, MAX_SCAN_CHARS) : raw);
}

export function textVariants(raw: string): string[] {
  const cleaned = cleanPrefix(raw);
  const variants = [cleaned];
  const first = decoders(cleaned);
  if (first === 0) return variants;
  let frontier = [cleaned];
  let budget = MAX_DECODED_CHARS;
  for (let depth = 0; depth < MAX_DECODE_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const text of frontier) {
      // The cleaned text's decoders were found above: one pass over each text.
      const needed = depth === 0 ? first : decoders(text);
      if (needed === 0) continue;
      for (const decoded of decodeOnce(text, needed)) {
        if (budget <= 0 || variants.length >= MAX_VARIANTS) return variants;
        const bounded = decoded.slice(0, budget);
        budget -= bounded.length;
        const clean = cleanText(bounded);
        if (!variants.includes(clean)) {
          variants.push(clean);
          next.push(clean);
        }
      }
    }
    frontier = next;
  }
  return variants;
}

/** Variants folded to lower case, ready for rule matching. */
export function matchVariants(raw: string): string[] {
  return textVariants(raw).map((text) => text.toLowerCase());
}
