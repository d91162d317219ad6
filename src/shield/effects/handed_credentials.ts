/** A service's key or token, in its canonical form, handed in an argument to an open-world tool whose work has
 * nothing to do with credentials (`web_search {query: "sk-proj-..."}`, `get_forecast {context: "ghp_..."}`): whatever
 * the tool's server is, the key leaves with the call (credential material in egress: BLOCK). Tools that manage
 * secrets, keys, tokens, logins or settings are left to the other checks. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

/** Key and token shapes of the common services (as outbound_secrets.ts reads them, canonical forms only). */
const TOKEN = gated(
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36,}|\bgithub_pat_[A-Za-z0-9_]{40,}|\bxox[baprs]-[A-Za-z0-9-]{10,}|\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}|\bglpat-[A-Za-z0-9_-]{20}|\bAIza[0-9A-Za-z_-]{35}|\bnpm_[A-Za-z0-9]{36}|\b[rs]k_live_[A-Za-z0-9]{20,}|\bhf_[A-Za-z0-9]{30,}|\bya29\.[A-Za-z0-9_-]{20,}/,
);
/** Words of tools whose work is credentials or settings (their arguments are where keys belong). */
export const KEEPS_CREDENTIALS =
  /^(?:secrets?|credentials?|tokens?|keys?|apikeys?|vault|auth|authenticate|login|logins|passwords?|env|environment|variables?|config|configure|settings?|connect|connection|integration|webhooks?|kms|keychain|keyring)$/;

/** The payload's string values, nested ones too (bounded). */
function stringsOf(value: unknown, into: string[], depth = 0): string[] {
  if (into.length >= 32 || depth > 6) return into;
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) { for (const item of value.slice(0, 32)) stringsOf(item, into, depth + 1); }
  else if (value && typeof value === "object") {
    for (const inner of Object.values(value).slice(0, 32)) stringsOf(inner, into, depth + 1);
  }
  return into;
}

export function judgeHandedCredentials(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (words.some((word) => KEEPS_CREDENTIALS.test(word))) return;
  for (const text of stringsOf(payload, [])) {
    if (text.length < 20 || text.length > 64 * 1024 || !TOKEN.test(text)) continue;
    findings.block("network", `"${tool}" is handed a service key or token it has no use for`);
    return;
  }
}
