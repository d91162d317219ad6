/** Queries that read credential columns or tables (`SELECT email, password_hash, api_token FROM users`,
 * `SELECT * FROM integration_tokens`, `INSERT ... SELECT string_agg(token, ',') FROM integration_tokens`): what an injected "support" request asks a database tool to fetch. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

/** The pattern itself (exported for the test that the prefilter below passes over no text it matches). */
export const CREDENTIAL_PATTERN =
  /\bselect\b[^;]{0,300}?\b(?:password(?:_hash|_digest)?|passwd|pwd_hash|hashed_password|encrypted_password|api_?token|api_?key|secret_key|client_secret|access_token|refresh_token|session_token|otp_secret|totp_secret|mfa_secret|ssn|credit_card(?:_number)?|card_number|cvv)\b[^;]{0,300}?\bfrom\b|\bselect\s+\*\s+from\s+(?:[\w"]+\.)?"?(?:\w*_)?(?:tokens|secrets|credentials|passwords|api_keys|sessions)\b|\bselect\b[\s\S]{0,300}?\bfrom\s+(?:[\w"]+\.)?"?(?:\w*_)?(?:tokens|secrets|credentials|passwords|api_keys|access_keys|private_keys)\b/i;
const CREDENTIAL_READ = gated(CREDENTIAL_PATTERN);

/** Every alternative of CREDENTIAL_READ starts at the word `select` (any case): a short text without it is passed
 * over by one native search, before the shared literal scan is asked for. */
const SELECT = /select/i;
const SHORT_TEXT = 1024;

/** Whether judgeCredentialColumns tries its pattern on a text. */
export function readsCredentialsText(text: string): boolean {
  return text.length <= 64 * 1024 && (text.length > SHORT_TEXT || SELECT.test(text));
}

export function judgeCredentialColumns(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (readsCredentialsText(text) && CREDENTIAL_READ.test(text)) {
      findings.escalate("read", `"${tool}" queries password, token or key columns`);
      return;
    }
  }
}
