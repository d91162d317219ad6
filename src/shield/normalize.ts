/** Normalisation before matching: removes invisible characters, folds Unicode look-alikes to Latin, and
 * decodes percent, `\x`/`\u`/octal escapes, base64 and hex found in text, recursively and within bounds,
 * so an encoded payload is judged as what it decodes to. */

import { CONFUSABLES } from "./confusables.ts";
import {
  ALL_DECODERS,
  asciiDecoders,
  BASE64,
  decoders,
  ESCAPES,
  HEX,
  PERCENT,
  SPACED_HEX,
} from "./decoder_check.ts";
import {
  decodeEscapes,
  decodeHexRun,
  decodePercent,
  hasHexRun,
  hasSpacedHex,
  HEX_RUN,
  HEX_SPACED,
  MAX_DECODED_CHARS,
  swapBase64,
} from "./text_decoders.ts";

export { decoders } from "./decoder_check.ts";

/** Each text is scanned up to this many characters; longer texts are judged on this prefix (and flagged). */
export const MAX_SCAN_CHARS = 1024 * 1024;
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

/** The scanned prefix of a text, cleaned: the first of its variants. */
export function cleanPrefix(raw: string): string {
  return cleanText(raw.length > MAX_SCAN_CHARS ? raw.slice(0, MAX_SCAN_CHARS) : raw);
}

/** The cleaned text followed by its decoded variants (case kept), bounded in depth, count and size. */
export function textVariants(raw: string): string[] {
  const prefix = raw.length > MAX_SCAN_CHARS ? raw.slice(0, MAX_SCAN_CHARS) : raw;
  // An ASCII text is its own cleaned form: the pre-check's one pass over its bytes finds that out as well.
  const ascii = asciiDecoders(prefix);
  const cleaned = ascii < 0 ? cleanText(prefix) : prefix;
  const variants = [cleaned];
  const first = ascii < 0 ? decoders(cleaned) : ascii;
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
