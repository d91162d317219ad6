/** Credentials leaving in disguise: a key or token split by spaces, dashes or string joins, reversed, or ROT13-
 * encoded inside text that leaves the machine (bodies, messages, URLs, headers). The canonical forms are the
 * Tier 1 token rules' job; this reads the disguised ones and BLOCKs them (credential material in egress). */

import type { Findings } from "./findings.ts";
import { requiredLiterals } from "../regex_literals.ts";

const MAX_CHARS = 16 * 1024;

/** Key and token shapes of the common services, case-sensitive where the service is. */
const TOKEN =
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36,}|\bgithub_pat_[A-Za-z0-9_]{40,}|\bxox[baprs]-[A-Za-z0-9-]{10,}|\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}|\bglpat-[A-Za-z0-9_-]{20}|\bAIza[0-9A-Za-z_-]{35}|\bnpm_[A-Za-z0-9]{36}|\b[rs]k_live_[A-Za-z0-9]{20,}|\bhf_[A-Za-z0-9]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|\bya29\.[A-Za-z0-9_-]{20,}|\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{40,}/;
/** Separators an attacker slips between a token's characters. */
const JOINERS = /["'`+,|\s]+|(?<=[A-Za-z0-9])[-.](?=[A-Za-z0-9]{1,6}(?:[-.\s]|$))/g;

/** ROT13 of ASCII letters through a table; everything else unchanged. */
const ROT13 = new Uint16Array(128).map((_, code) =>
  code >= 65 && code <= 90
    ? ((code - 65 + 13) % 26) + 65
    : code >= 97 && code <= 122
    ? ((code - 97 + 13) % 26) + 97
    : code
);

/** The string of the UTF-16 code units in `codes` (a call takes a bounded number of arguments: in chunks;
 * `apply` reads the typed array directly, where spreading it would iterate it). */
function fromCodes(codes: Uint16Array): string {
  let out = "";
  for (let i = 0; i < codes.length; i += 8192) {
    out += String.fromCharCode.apply(null, codes.subarray(i, i + 8192) as unknown as number[]);
  }
  return out;
}

function rot13(text: string): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    codes[i] = code < 128 ? ROT13[code] : code;
  }
  return fromCodes(codes);
}

/** The text's code units in reverse order. */
function reverse(text: string): string {
  const codes = new Uint16Array(text.length);
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) codes[i] = text.charCodeAt(last - i);
  return fromCodes(codes);
}

/** A run of 20 token characters (`[A-Za-z0-9_-]`) holding a digit and three letters: what any key or token,
 * however disguised, leaves once separators are taken out (prose and plain JSON rarely do). */
function tokenLike(compact: string): boolean {
  let length = 0;
  let digits = 0;
  let letters = 0;
  for (let i = 0; i <= compact.length; i++) {
    const code = i < compact.length ? compact.charCodeAt(i) : 0;
    const lower = code | 32;
    const digit = code >= 48 && code <= 57;
    const letter = lower >= 97 && lower <= 122;
    if (digit || letter || code === 95 || code === 45) {
      length++;
      if (digit) digits++;
      else if (letter) letters++;
      continue;
    }
    if (length >= 20 && digits >= 1 && letters >= 3) return true;
    length = digits = letters = 0;
  }
  return false;
}

/** One of these occurs in every match of TOKEN; a reversed or ROT13 form can match only where the text holds one
 * of them reversed or ROT13'd (each maps character for character), so the form is built only then. */
const TOKEN_LITERALS = requiredLiterals(TOKEN) ?? [];
const escaped = (literal: string) => literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
const anyOf = (literals: string[]) => new RegExp(literals.map(escaped).join("|"));
const REVERSED_HINT = anyOf(TOKEN_LITERALS.map(reverse));
const ROT13_HINT = anyOf(TOKEN_LITERALS.map(rot13));

/** Whether a disguised form of the text (without whitespace, without joiners, reversed, ROT13'd) holds a token. */
function disguisedToken(text: string): boolean {
  const joined = text.replace(JOINERS, "");
  // The whitespace-free form is made only for texts past this check (most bodies and messages stop here).
  if (!tokenLike(joined)) return false;
  const compact = text.replace(/\s+/g, "");
  if (TOKEN.test(compact) || TOKEN.test(joined)) return true;
  if (REVERSED_HINT.test(text) && TOKEN.test(reverse(text))) return true;
  if (REVERSED_HINT.test(compact) && TOKEN.test(reverse(compact))) return true;
  if (ROT13_HINT.test(text) && TOKEN.test(rot13(text))) return true;
  return ROT13_HINT.test(compact) && TOKEN.test(rot13(compact));
}

export function judgeOutboundSecrets(texts: readonly string[], tool: string, findings: Findings): void {
  for (const raw of texts.slice(0, 32)) {
    if (raw.length < 20) continue;
    const text = raw.length > MAX_CHARS ? raw.slice(0, MAX_CHARS) : raw;
    if (TOKEN.test(text)) continue; // canonical forms: the token rules judge them
    if (disguisedToken(text)) {
      findings.block("network", `"${tool}" sends a credential in disguise (split, reversed or ROT13)`);
      return;
    }
  }
}

/** Whether the text holds a key or token of a common service in its canonical form. */
export function holdsToken(text: string): boolean {
  return TOKEN.test(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text);
}
