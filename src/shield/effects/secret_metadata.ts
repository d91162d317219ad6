/** A secret's metadata read with its value explicitly withheld (round 67): `describe_secret {secret_name,
 * show_value: false}`, `get_parameter {Name, WithDecryption: false}`, `list_secrets {include_values: false}`. The
 * call says in its own arguments that the value is not returned -- the name, version, rotation date or ARN is what a
 * rotation check or an inventory needs -- so the "reads secrets" prompt is spared. It still asks when any flag that
 * returns the value is on or missing (`reveal: true`, `show_value` absent), when the call's name exports, copies,
 * sends or shares, or when an argument names somewhere else (a URL, an address, `post_to`) or a field of the secret.
 * Sources: AWS Secrets Manager DescribeSecret (metadata only, "does not include the encrypted secret value"), SSM
 * GetParameter `WithDecryption`, HashiCorp Vault KV metadata endpoints; the attack sets' `reveal: true` reads. */

/** Argument names of a flag that returns a secret's value. */
const VALUE_FLAG =
  /^(?:show|reveal|include|with|return|get|fetch|decrypt|print|expose|unmask|display)_?(?:values?|secrets?|plain_?text|decryption|decrypted|data|contents?|payload)?$|^(?:values?|plaintext|decrypt(?:ed)?)$/i;
/** Name words of a call that moves a secret somewhere (not a read of its metadata). */
const MOVING_WORD =
  /^(?:export|copy|send|share|post|upload|sync|replicate|backup|dump|print|reveal|decrypt)$/;
/** Arguments that send the result elsewhere or pick a field of the secret: the call carries or picks the value. */
const ELSEWHERE_KEY =
  /^(?:url|uri|endpoint|webhook|post_?to|send_?to|to|recipients?|destination|target|fields?|field_?names?|keys?)$/i;

/** Round 71: operation words that return a secret's metadata by their own definition -- AWS Secrets Manager
 * `describe-secret`, `list-secrets`, `list-secret-version-ids`; GCP Secret Manager `secrets describe`, `secrets list`,
 * `versions list`, `versions describe`; Azure Key Vault `secret list`, `list-versions`; Vault `kv metadata get`,
 * `kv list`; 1Password `item list`, `vault list`; Doppler `secrets names`. A describe, list or metadata word with no
 * word that returns a value (`get-secret-value`, `versions access`, Azure's `secret show`, `op read`). */
const METADATA_WORD = /^(?:describe|list|metadata|name|names|id|ids)$/;
const VALUE_WORD =
  /^(?:value|values|access|reveal|decrypt|decrypted|plaintext|payload|content|contents|show|read|fetch|retrieve|download|dump|view|print|open|field|data|run|inject|env)$/;
function metadataOperation(words: readonly string[]): boolean {
  const metadata = words.includes("metadata");
  return words.some((word) => METADATA_WORD.test(word)) &&
    !words.some((word) => VALUE_WORD.test(word) || (word === "get" && !metadata));
}

/** Whether a secret-store call reads metadata only: a value flag is there and every one is false (or, round 71, the
 * operation is a metadata one and no flag asks for the value), the arguments (walked two levels: a `params`
 * wrapper, a `metadata` block) are a handful of plain values, and nothing names a destination or a field. */
export function metadataOnly(words: readonly string[], payload: Record<string, unknown>): boolean {
  if (words.some((word) => MOVING_WORD.test(word))) return false;
  let withheld = false;
  let count = 0;
  const plain = (record: Record<string, unknown>, depth: number): boolean => {
    for (const [key, value] of Object.entries(record)) {
      if (++count > 16) return false;
      if (VALUE_FLAG.test(key)) {
        if (value !== false && value !== "false") return false;
        withheld = true;
        continue;
      }
      if (ELSEWHERE_KEY.test(key)) return false;
      if (typeof value === "string" && (/:\/\/|@/.test(value) || value.length > 200)) return false;
      if (Array.isArray(value)) return false;
      if (value !== null && typeof value === "object") {
        if (depth >= 1 || !plain(value as Record<string, unknown>, depth + 1)) return false;
      }
    }
    return true;
  };
  return plain(payload, 0) && (withheld || metadataOperation(words));
}
