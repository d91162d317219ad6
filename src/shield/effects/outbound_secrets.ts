/** Credentials leaving in disguise: a key or token split by spaces, dashes or string joins, reversed, or ROT13-
 * encoded inside text that leaves the machine (bodies, messages, URLs, headers). The canonical forms are the
 * Tier 1 token rules' job; this reads the disguised ones and BLOCKs them (credential material in egress). */

import type { Findings } from "./findings.ts";

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

function mapCodes(text: string, map: (code: number, index: number) => number): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = map(text.charCodeAt(i), i);
  let out = "";
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.subarray(i, i + 8192));
  return out;
}

const rot13 = (text: string) => mapCodes(text, (code) => code < 128 ? ROT13[code] : code);
const reverse = (text: string) => mapCodes(text, (_code, index) => text.charCodeAt(text.length - 1 - index));

/** A run of 20 token characters holding letters and a digit: what any key or token, however disguised, leaves
 * once separators are taken out (prose and plain JSON rarely do). */
function tokenLike(compact: string): boolean {
  for (const match of compact.matchAll(/[A-Za-z0-9_-]{20,}/g)) {
    const run = match[0];
    let digits = 0;
    let letters = 0;
    for (let i = 0; i < run.length && (digits < 1 || letters < 3); i++) {
      const code = run.charCodeAt(i);
      if (code >= 48 && code <= 57) digits++;
      else if ((code | 32) >= 97 && (code | 32) <= 122) letters++;
    }
    if (digits >= 1 && letters >= 3) return true;
  }
  return false;
}

/** The disguised forms of a text worth reading for tokens. */
function disguises(text: string): string[] {
  const compact = text.replace(/\s+/g, "");
  const joined = text.replace(JOINERS, "");
  if (!tokenLike(joined)) return [];
  return [compact, joined, reverse(text), reverse(compact), rot13(text), rot13(compact)];
}

export function judgeOutboundSecrets(texts: readonly string[], tool: string, findings: Findings): void {
  for (const raw of texts.slice(0, 32)) {
    if (raw.length < 20) continue;
    const text = raw.length > MAX_CHARS ? raw.slice(0, MAX_CHARS) : raw;
    if (TOKEN.test(text)) continue; // canonical forms: the token rules judge them
    if (disguises(text).some((form) => TOKEN.test(form))) {
      findings.block("network", `"${tool}" sends a credential in disguise (split, reversed or ROT13)`);
      return;
    }
  }
}
