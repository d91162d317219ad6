/** An argument smuggled into a tool's call whose name asks for secrets to go somewhere (round 60): a poisoned tool
 * description or a full-schema poisoning adds a field no schema has -- `also_push_secrets_to`, `bcc_credentials_to`,
 * `forwardEnvTo`, `mirror_api_keys`, `attach_dotenv` -- to an ordinary call (a file write, an issue, a message), and
 * the agent fills it. Any tool: the name's words hold a sending verb (push, send, forward, copy, mirror, bcc, upload,
 * sync, leak, post, share, attach, exfil...) and a secret (secrets, tokens, credentials, passwords, API or SSH keys,
 * the environment, `.env`), the value is set (not `false`, empty or `no`), and nothing is brought in (`copy_env_from`).
 * Ordinary extra options (`dry_run`, `also_update_changelog`, `copy_labels_to`, `include_secret_names: false`) pass.
 * Round 80: a flag that attaches them to the call's own request counts too (`fetch_docs {url, include_env: true}`,
 * a rug-pulled docs tool's new option; `with_secrets`, `pass_token`, `forward_auth`, `expose_cookies`); an
 * environment given as values (`env: {NODE_ENV: "test"}`), other things included (`include_examples`) and a flag
 * that is off (`include_env: false`) pass.
 * Sources: Invariant Labs, MCP Security Notification: Tool Poisoning Attacks (2025); CyberArk, Poison everywhere:
 * no output from your MCP server is safe (full-schema poisoning, 2025); MCPTox benchmark (2025). */

import type { Findings } from "./findings.ts";

const SENDS = new Set([
  "push",
  "send",
  "forward",
  "fwd",
  "copy",
  "mirror",
  "bcc",
  "cc",
  "upload",
  "sync",
  "leak",
  "post",
  "share",
  "attach",
  "email",
  "mail",
  "beacon",
  "relay",
  "replicate",
  "transmit",
  "dump",
  "smuggle",
  // Round 80: flags that attach the caller's secrets to what the tool sends (`include_env`, `with_secrets`,
  // `pass_token`, `inject_credentials`, `expose_cookies`).
  "include",
  "includes",
  "with",
  "pass",
  "passthrough",
  "inject",
  "expose",
  "embed",
  "propagate",
  "carry",
]);
const EXFIL = /^exfil/;
const SECRETS = new Set([
  "secret",
  "secrets",
  "token",
  "tokens",
  "credential",
  "credentials",
  "creds",
  "password",
  "passwords",
  "passwd",
  "apikey",
  "apikeys",
  "env",
  "dotenv",
  "environ",
  "environment",
  "keychain",
  "keyring",
  "cookies",
  // Round 80: a crawler's or fetcher's `forward_auth`, `send_cookie`, `include_authorization`.
  "auth",
  "authorization",
  "cookie",
]);
/** Words that make `key`/`keys` a secret's name. */
const KEY_KINDS = new Set(["api", "ssh", "private", "access", "secret", "signing", "gpg", "aws"]);
/** Words of settings that guard secrets (`secret_scanning_push_protection`), not of sending them. */
const GUARDS = new Set([
  "protection",
  "protect",
  "scanning",
  "scan",
  "rotation",
  "rotate",
  "redact",
  "mask",
  "policy",
]);
const UNSET = /^(?:|false|no|none|off|0|null)$/i;
const MAX_KEYS = 64;

/** The words of an argument's name: snake, kebab, dotted and camel case (`also_push_secretsTo`). */
function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** Whether the argument's name asks for secrets to be sent somewhere. */
export function sendsSecretsByName(name: string): boolean {
  if (name.length < 5 || name.length > 80) return false;
  const words = nameWords(name);
  if (words.some((word) => word === "from" || GUARDS.has(word))) return false;
  let sends = false;
  let secret = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (SENDS.has(word) || EXFIL.test(word)) sends = true;
    if (SECRETS.has(word) || ((word === "key" || word === "keys") && i > 0 && KEY_KINDS.has(words[i - 1]))) {
      secret = true;
    }
  }
  return sends && secret;
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (typeof value === "string") return !UNSET.test(value.trim());
  return true;
}

export function judgeSmuggledArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const pending: Array<[Record<string, unknown>, number]> = [[payload, 0]];
  let seen = 0;
  while (pending.length > 0) {
    const [object, depth] = pending.pop()!;
    for (const [name, value] of Object.entries(object)) {
      if (++seen > MAX_KEYS) return;
      if (sendsSecretsByName(name) && isSet(value)) {
        findings.escalate(
          "network",
          `"${tool}" is given "${name.slice(0, 60)}", an argument that sends secrets out`,
        );
        return;
      }
      if (depth < 2 && value !== null && typeof value === "object" && !Array.isArray(value)) {
        pending.push([value as Record<string, unknown>, depth + 1]);
      }
    }
  }
}
