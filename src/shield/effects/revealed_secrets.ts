/** Open-world tools asked for secret values (round 21): a password manager's item read with a reveal flag or with
 * its password, one-time code or key fields (1Password `op item get --reveal --fields password`, Bitwarden
 * `bw get totp`, LastPass `lpass show --password`, Keeper `get --unmask`, Dashlane `dcli otp`): the secret itself
 * comes back into the conversation, whatever the tool or server is called. Listing items, or reading their user
 * names and web sites, reveals nothing. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

/** Flags that ask for values in the clear. */
const REVEAL_KEY =
  /^(?:reveal|reveal_?(?:secrets?|values?|passwords?)|show_?(?:passwords?|secrets?|values?|otp|totp)|unmask(?:ed)?|include_?(?:secrets?|passwords?|values?)|with_?decryption|decrypt(?:ed)?|plain_?text|in_?clear)$/i;
/** Arguments that pick which fields come back. */
const FIELD_KEY = /^(?:fields?|attributes?|include|properties|select|columns|get|field_?names?|what|type)$/i;
/** Field names that are the secret itself. */
const SECRET_FIELD =
  /^(?:password|passwd|pass|passphrase|secret|secret[ _-]?(?:access[ _-]?)?key|otp|totp|one[ _-]?time[ _-]?(?:password|code)|mfa|2fa|pin|cvv|cvc|card[ _-]?number|private[ _-]?key|api[ _-]?key|access[ _-]?key|token|recovery[ _-]?codes?|seed(?:[ _-]?phrase)?|mnemonic)$/i;

function namesSecretField(value: unknown): boolean {
  const items = Array.isArray(value) ? value.slice(0, 16) : [value];
  return items.some((item) =>
    typeof item === "string" && item.length < 200 &&
    item.split(/\s*,\s*/).some((part) => SECRET_FIELD.test(part.trim()))
  );
}

export function judgeRevealedSecrets(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (words.verbs.has("write") || words.verbs.has("delete")) return;
  for (const [key, value] of Object.entries(payload)) {
    const reveals = REVEAL_KEY.test(key) && (value === true || value === "true");
    if (reveals || (FIELD_KEY.test(key) && namesSecretField(value))) {
      findings.escalate("read", `"${tool}" asks for secret values in the clear ("${key}")`);
      return;
    }
  }
}
