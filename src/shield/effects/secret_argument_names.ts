/** Argument names that ask for a secret (round 17): full-schema poisoning puts the order in a parameter's *name*
 * (`content_from_reading_ssh_id_rsa`, `contents_of_aws_credentials_file`, `env_file_text`), so the model fills in
 * the file's text; the values are scanned, the names were not. A name that names a secret store and asks for its
 * content escalates; names that only identify a key (`ssh_key_name`, `ssh_public_key`, `kubeconfig_path`) pass.
 * Sources: CyberArk Labs, "Poison everywhere: No output from your MCP server is safe" (2025); Invariant Labs, MCP
 * tool poisoning (2025). */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** Secret stores as word runs of a name. */
const STORE =
  /(?:^|_)(?:ssh(?:_id)?_(?:rsa|ed25519|ecdsa|dsa|key|keys|private)|id_(?:rsa|ed25519|ecdsa|dsa)|private_key|aws_credentials|credentials_file|env_file|dotenv|netrc|npmrc|pypirc|kube_?config|git_credentials|keychain|keystore|seed_phrase|mnemonic|wallet_(?:key|seed)|gpg_(?:key|secret)|mcp_json|shadow_file|ssh_dir|dot_ssh)(?:_|$)/;
/** Words asking for what the store holds. */
const CONTENT = new Set([
  "content",
  "contents",
  "text",
  "data",
  "dump",
  "raw",
  "body",
  "reading",
  "read",
  "output",
  "copy",
  "pem",
  "material",
]);
const MAX_KEYS = 64;

export function judgeSecretArgumentNames(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const key of Object.keys(payload).slice(0, MAX_KEYS)) {
    if (key.length < 8 || key.length > 120) continue;
    const words = identifierWords(key);
    if (!words.some((word) => CONTENT.has(word)) || !STORE.test(words.join("_"))) continue;
    findings.escalate(
      "read",
      `"${tool}" has an argument whose name asks for a secret store ("${key.slice(0, 60)}")`,
    );
    return;
  }
}
