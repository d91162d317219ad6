/**
 * Recognises, byte by byte and without parsing, an audit line already in the writer's canonical form, so
 * verification can hash the raw bytes instead of parsing and re-serialising every line.
 */

/**
 * Soundness is what matters here: when `scan` accepts a line, the line minus its `,"hash":"..."` suffix (plus
 * `}`) is exactly canonicalJson of the parsed entry without `hash`, and parseEntryLine would accept it.
 * Anything it is unsure of (floats, keys with escapes, non-ASCII keys, \u escapes other than control
 * characters, deep nesting) is refused and the caller takes the slow path, which gives the same answer.
 */

/** Bytes after the ts value: `,"hash":"` + 64 hex digits + `"}`. */
export const HASH_SUFFIX_BYTES = 75;

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"action_type":');
const DETAILS = encoder.encode(',"details":');
const EVENT = encoder.encode(',"event":');
const PREV_HASH = encoder.encode(',"prev_hash":"');
const SEQ = encoder.encode('","seq":');
const SESSION = encoder.encode(',"session_id":');
const TS = encoder.encode(',"ts":');
const HASH = encoder.encode(',"hash":"');
const TRUE = encoder.encode("true");
const FALSE = encoder.encode("false");
const NULL = encoder.encode("null");

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a, MINUS = 0x2d, ZERO = 0x30, NINE = 0x39;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d, LOWER_U = 0x75;
const MAX_DEPTH = 32;
/** Byte classes inside strings: plain printable ASCII, and the bytes that end or complicate a plain run. */
const PLAIN = 0, QUOTE_CLASS = 1, ESCAPE_CLASS = 2, CONTROL_CLASS = 3, NON_ASCII_CLASS = 4;
const BYTE_CLASS = new Uint8Array(256).map((_, c) =>
  c === QUOTE
    ? QUOTE_CLASS
    : c === BACKSLASH
    ? ESCAPE_CLASS
    : c < 0x20
    ? CONTROL_CLASS
    : c >= 0x80
    ? NON_ASCII_CLASS
    : PLAIN
);
/** 15 digits stay below 2^53, so such integers are safe and print back unchanged. */
const MAX_DIGITS = 15;

/** One scanner per segment; after a successful `scan`, `seq` and `prevHashAt` describe the line. */
export class CanonicalLineScanner {
  seq = 0;
  /** Offset of prev_hash's 64 characters; hash's are at `end - 66`. */
  prevHashAt = 0;
  private b: Uint8Array = new Uint8Array(0);
  private p = 0;
  private end = 0;

  /** True when bytes[start, end) (no newline) is a canonical entry line (the hash itself is not checked). */
  scan(bytes: Uint8Array, start: number, end: number): boolean {
    if (end - start < 200) return false;
    this.b = bytes;
    this.p = start;
    this.end = end - HASH_SUFFIX_BYTES;
    if (!this.literal(OPEN) || !this.string() || !this.literal(DETAILS) || !this.object(0)) return false;
    if (!this.literal(EVENT) || !this.string() || !this.literal(PREV_HASH)) return false;
    // prev_hash need only be 64 plain characters: both paths then compare the same 64-character string.
    this.prevHashAt = this.p;
    if (!this.plain64() || !this.literal(SEQ)) return false;
    const seqAt = this.p;
    if (bytes[seqAt] === MINUS || !this.integer()) return false;
    this.seq = digitsValue(bytes, seqAt, this.p);
    if (!this.literal(SESSION) || !this.string() || !this.literal(TS) || !this.integer()) return false;
    if (this.p !== this.end) return false;
    // The stored hash itself is compared with the computed one by the caller: equal means 64 hex digits.
    this.end = end;
    return this.literal(HASH) && this.p + 66 === end && bytes[end - 2] === QUOTE && bytes[end - 1] === RBRACE;
  }

  private literal(expected: Uint8Array): boolean {
    const { b, p } = this;
    if (p + expected.length > this.end) return false;
    for (let i = 0; i < expected.length; i++) if (b[p + i] !== expected[i]) return false;
    this.p = p + expected.length;
    return true;
  }

  private plain64(): boolean {
    const { b, p } = this;
    if (p + 64 > this.end) return false;
    for (let i = p; i < p + 64; i++) if (BYTE_CLASS[b[i]] !== PLAIN) return false;
    this.p = p + 64;
    return true;
  }

  private value(depth: number): boolean {
    const c = this.b[this.p];
    if (c === QUOTE) return this.string();
    if (c === LBRACE) return this.object(depth);
    if (c === LBRACKET) return this.array(depth);
    if (c === MINUS || (c >= ZERO && c <= NINE)) return this.integer();
    return this.literal(c === 0x74 ? TRUE : c === 0x66 ? FALSE : NULL);
  }

  private object(depth: number): boolean {
    const b = this.b;
    if (depth > MAX_DEPTH || b[this.p] !== LBRACE) return false;
    this.p++;
    if (b[this.p] === RBRACE) return (this.p++, true);
    let previousStart = -1, previousEnd = -1;
    for (;;) {
      const keyStart = this.p + 1;
      if (!this.key()) return false;
      const keyEnd = this.p - 1;
      // Canonical keys are strictly increasing (no duplicates); ASCII byte order is code unit order.
      if (previousStart >= 0 && compareRanges(b, previousStart, previousEnd, keyStart, keyEnd) >= 0) {
        return false;
      }
      previousStart = keyStart, previousEnd = keyEnd;
      if (b[this.p] !== COLON) return false;
      this.p++;
      if (!this.value(depth + 1)) return false;
      const next = b[this.p++];
      if (next === RBRACE) return this.p <= this.end;
      if (next !== COMMA) return false;
    }
  }

  private array(depth: number): boolean {
    const b = this.b;
    if (depth > MAX_DEPTH) return false;
    this.p++;
    if (b[this.p] === RBRACKET) return (this.p++, true);
    for (;;) {
      if (!this.value(depth + 1)) return false;
      const next = b[this.p++];
      if (next === RBRACKET) return this.p <= this.end;
      if (next !== COMMA) return false;
    }
  }

  /** A key: printable ASCII only, no escapes (anything else takes the slow path). */
  private key(): boolean {
    const b = this.b;
    const end = this.end;
    let p = this.p;
    if (b[p] !== QUOTE) return false;
    for (p++; p < end && BYTE_CLASS[b[p]] === PLAIN; p++);
    if (p >= end || b[p] !== QUOTE) return false;
    this.p = p + 1;
    return true;
  }

  /** A string exactly as JSON.stringify writes it: escapes only where it uses them, UTF-8 well-formed. */
  private string(): boolean {
    const b = this.b;
    const end = this.end;
    let p = this.p;
    if (b[p] !== QUOTE) return false;
    for (p++; p < end;) {
      const kind = BYTE_CLASS[b[p]];
      if (kind === PLAIN) p++;
      else if (kind === QUOTE_CLASS) return (this.p = p + 1, true);
      else {
        const length = kind === ESCAPE_CLASS
          ? escapeLength(b, p, end)
          : kind === NON_ASCII_CLASS
          ? utf8Length(b, p, end)
          : 0;
        if (length === 0) return false;
        p += length;
      }
    }
    return false;
  }

  /** -?(0|[1-9][0-9]*) with at most 15 digits; "-0" is refused (JSON.stringify prints it as 0). */
  private integer(): boolean {
    const b = this.b;
    let p = this.p;
    const negative = b[p] === MINUS;
    if (negative) p++;
    const first = p;
    if (b[p] === ZERO) {
      if (negative) return false;
      p++;
    } else {
      while (p < this.end && b[p] >= ZERO && b[p] <= NINE) p++;
      if (p === first || p - first > MAX_DIGITS) return false;
    }
    this.p = p;
    return true;
  }
}

function compareRanges(b: Uint8Array, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < length; i++) {
    const difference = b[aStart + i] - b[bStart + i];
    if (difference !== 0) return difference;
  }
  return (aEnd - aStart) - (bEnd - bStart);
}

/** Length of a canonical escape at `p`, or 0: \" \\ \b \f \n \r \t, or \u00xx (lower-case hex) for the
 * other control characters. */
function escapeLength(b: Uint8Array, p: number, end: number): number {
  const c = b[p + 1];
  if (c === QUOTE || c === BACKSLASH || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74) {
    return 2;
  }
  if (c !== LOWER_U || p + 6 > end || b[p + 2] !== ZERO || b[p + 3] !== ZERO) return 0;
  const high = b[p + 4], low = b[p + 5];
  const lowValue = low >= ZERO && low <= NINE ? low - ZERO : low >= 0x61 && low <= 0x66 ? low - 0x57 : -1;
  if ((high !== ZERO && high !== 0x31) || lowValue < 0) return 0;
  const code = (high - ZERO) * 16 + lowValue;
  // These five have short forms, which JSON.stringify uses.
  return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 0 : 6;
}

/** Length of a well-formed UTF-8 sequence at `p` (no overlongs, no surrogates, at most U+10FFFF), or 0. */
function utf8Length(b: Uint8Array, p: number, end: number): number {
  const c = b[p];
  const continuation = (i: number) => p + i < end && (b[p + i] & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return continuation(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const second = b[p + 1];
    if (c === 0xe0 && second < 0xa0) return 0;
    if (c === 0xed && second > 0x9f) return 0;
    return continuation(1) && continuation(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const second = b[p + 1];
    if (c === 0xf0 && second < 0x90) return 0;
    if (c === 0xf4 && second > 0x8f) return 0;
    return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

function digitsValue(b: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (b[i] - ZERO);
  return value;
}
