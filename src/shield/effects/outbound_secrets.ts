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

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= "Z" ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const reverse = (text: string) => [...text].reverse().join("");

/** The disguised forms of a text worth reading for tokens. */
function disguises(text: string): string[] {
  const compact = text.replace(/\s+/g, "");
  const joined = text.replace(JOINERS, "");
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
