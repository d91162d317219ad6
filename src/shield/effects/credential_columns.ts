/** Queries that read credential columns or tables (`SELECT email, password_hash, api_token FROM users`,
 * `SELECT * FROM integration_tokens`, `INSERT … SELECT string_agg(token, ',') FROM integration_tokens`): what an injected "support" request asks a database tool to fetch. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const CREDENTIAL_READ = gated(
  /\bselect\b[^;]{0,300}?\b(?:password(?:_hash|_digest)?|passwd|pwd_hash|hashed_password|encrypted_password|api_?token|api_?key|secret_key|client_secret|access_token|refresh_token|session_token|otp_secret|totp_secret|mfa_secret|ssn|credit_card(?:_number)?|card_number|cvv)\b[^;]{0,300}?\bfrom\b|\bselect\s+\*\s+from\s+(?:[\w"]+\.)?"?(?:\w*_)?(?:tokens|secrets|credentials|passwords|api_keys|sessions)\b|\bselect\b[\s\S]{0,300}?\bfrom\s+(?:[\w"]+\.)?"?(?:\w*_)?(?:tokens|secrets|credentials|passwords|api_keys|access_keys|private_keys)\b/i,
);

export function judgeCredentialColumns(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length <= 64 * 1024 && CREDENTIAL_READ.test(text)) {
      findings.escalate("read", `"${tool}" queries password, token or key columns`);
      return;
    }
  }
}
