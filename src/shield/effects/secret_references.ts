/** References to secret environment variables in arguments that leave the machine (round 35): `${JIRA_API_TOKEN}`
 * in an issue comment, `k=$OPENAI_API_KEY` in a "telemetry" URL, `process.env.X_SECRET`, `os.environ["..."]`,
 * `%API_KEY%`, `$env:AZURE_CLIENT_SECRET`, `{{secrets.X}}`; round 49: VS Code's and PowerShell's `${env:X}`,
 * opencode's `{env:X}`, Nushell's `$env.X`, Go templates' `{{ .Env.X }}`, Ansible's `lookup('env', 'X')`. The engine, the receiving tool or a template step
 * expands them, or the agent is asked to "fill it in": either way the secret goes out. Configuration written as
 * such (`API_KEY: ${API_KEY}` lines of a multi-line file) and code spans in prose (`` `$DEPLOY_TOKEN` ``) name the
 * variable, as READMEs and messages do; an auth header naming its own vendor's token is the caller's own
 * credential. Sources: Cato Networks CTRL, PoC attack targeting Atlassian's MCP (2025); MCPTox (2025). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";
import { identifierWords } from "./words.ts";

/** The variable reference forms, each capturing the name. */
const REFERENCE =
  /\$\{\{\s*(?:secrets|env|vars)\.(\w+)\s*\}\}|\{\{\s*\$?(?:secrets|env|vault)\.(\w+)\s*\}\}|\$\{([A-Za-z_]\w*)(?::?[-=?+][^}]*)?\}|\$([A-Z][A-Z0-9_]{2,})\b|\$env:(\w+)|%([A-Z][A-Z0-9_]{2,})%|\bprocess\.env(?:\.(\w+)|\[\s*["'`](\w+)["'`]\s*\])|\bos\.environ(?:\.get\(\s*|\[\s*)["'](\w+)["']|\b(?:[Gg]etenv|GetEnvironmentVariable|env::var)\(\s*["'](\w+)["']|\$ENV\{\s*["']?(\w+)["']?\s*\}|\bDeno\.env\.get\(\s*["'](\w+)["']|\bENV\[\s*["'](\w+)["']|\$?\{env:(\w+)\}|\$env\.(\w+)|\{\{-?\s*\.Env\.(\w+)\s*-?\}\}|\blookup\(\s*["']env["']\s*,\s*["'](\w+)["']\s*\)/g;
/** Name words that make a variable a secret (`STRIPE_SECRET_KEY`, `JIRA_API_TOKEN`, `DB_PASSWORD`). */
const SECRET_WORD =
  /^(?:key|keys|apikey|token|tokens|secret|secrets|password|passwd|pwd|pass|passphrase|credential|credentials|creds|cred|pat|auth|dsn|cookie)$/;
/** Cheap literal test before the pattern. */
const HINT = /[$%]|env|secrets|ENV|Env/;
/** A configuration or export line: `KEY: ${...}`, `export KEY=$...`, `- KEY=${...}`, `//host/:_authToken=${...}`. */
const ASSIGNMENT_LINE = /^\s*(?:export\s+|-\s+)?["']?[\w.\/:@-]+["']?\s*[:=]\s*["']?[^\s"']*$/;
/** A shell-style assignment as a word of prose ("set token=$DEPLOY_TOKEN in CI"): how to configure, not a value
 * (a URL's `&k=${...}` parameter is not one). */
const SHELL_ASSIGNMENT = /(?:^|[\s"'(])(?:export\s+)?[A-Za-z_][\w.-]*=["']?$/;
/** A variable named as the object of setting it up ("set your $GITHUB_TOKEN locally", "rotate ${STRIPE_SECRET_KEY}"). */
const CONFIGURED =
  /\b(?:set|export|define|configure|add|rotate|revoke|regenerate|unset|provide|create|store|save)\s+(?:(?:your|the|a|an|our|its|their|own|new)\s+){0,2}$/i;
const MAX_NAMED = 16;
/** Keys of a request's own authentication. */
const AUTH_KEY =
  /^(?:authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|private-token)$/i;

/** A one-word name that is a secret by itself (`$PASSWORD`; `$KEY` or `$AUTH` alone are too loose). */
const SECRET_ALONE = /^(?:apikey|token|secret|password|passwd|passphrase|credentials)$/;

/** Last words of a name that holds something about a secret, not the secret (`AUTH_URL`, `AWS_ACCESS_KEY_ID`). */
const ABOUT_WORD =
  /^(?:url|uri|domain|host|hostname|endpoint|path|file|dir|id|name|user|username|email|region|port|type|mode|enabled|version|length|size|ttl|expiry|expires|header|prefix|scope)$/;
/** Words before "key" that make it an index or a public value (`PARTITION_KEY`, `ISSUE_KEY`, `PUBLISHABLE_KEY`). */
const PLAIN_KEY =
  /^(?:partition|sort|primary|cache|issue|project|public|publishable|idempotency|object|bucket|routing|foreign|hash|range|shard|dedup|lookup|map|site|anon|row|column|group|record)$/;

function secretName(name: string): boolean {
  const words = name.toLowerCase().split(/_+/).filter((word) => word !== "");
  if (words.length === 1) return SECRET_ALONE.test(words[0]);
  if (ABOUT_WORD.test(words[words.length - 1])) return false;
  return words.some((word, index) =>
    SECRET_WORD.test(word) &&
    !((word === "key" || word === "keys") && index > 0 && PLAIN_KEY.test(words[index - 1]))
  );
}

/** Whether the reference at `index` sits inside a code span or fence (a name shown, not a value asked for). */
function inCodeSpan(text: string, index: number): boolean {
  let ticks = 0;
  for (let at = text.indexOf("`"); at >= 0 && at < index; at = text.indexOf("`", at + 1)) ticks++;
  return ticks % 2 === 1;
}

function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf("\n", index) + 1;
  return text.slice(start, index);
}

/** Whether the reference at `index` names a variable rather than asks for its value: inside a code span, or on a
 * configuration line of a multi-line text (a file's content). */
export function shownAsName(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 64), index);
  if (SHELL_ASSIGNMENT.test(before) || CONFIGURED.test(before)) return true;
  return inCodeSpan(text, index) || (text.includes("\n") && ASSIGNMENT_LINE.test(lineAt(text, index)));
}

/** Whether the reference is a URL's password (`postgres://app:${DB_PASS}@db.internal/prod`): it logs in to that
 * host, as a connection string does. */
function inUserInfo(text: string, index: number, length: number): boolean {
  return /:\/\/[^\s\/@]*$/.test(text.slice(Math.max(0, index - 80), index)) &&
    /^[^\s\/@]*@/.test(text.slice(index + length, index + length + 80));
}

/** The first secret variable `text` references as a value to fill in, if any. */
export function secretReference(text: string): string | undefined {
  if (text.length < 5 || text.length > 64 * 1024 || !HINT.test(text)) return undefined;
  REFERENCE.lastIndex = 0;
  // At most MAX_NAMED secret names shown as names are looked at (each looks back over the text).
  let named = 0;
  for (let match = REFERENCE.exec(text); match !== null && named < MAX_NAMED; match = REFERENCE.exec(text)) {
    const name = match.slice(1).find((group) => group !== undefined) ?? "";
    if (!secretName(name)) continue;
    named++;
    if (shownAsName(text, match.index) || inUserInfo(text, match.index, match[0].length)) continue;
    return name;
  }
  return undefined;
}

/** Whether an auth header's variable names a vendor the request goes to (`GITHUB_TOKEN` to api.github.com). */
function ownCredential(key: string, name: string, hosts: readonly string[]): boolean {
  if (!AUTH_KEY.test(key)) return false;
  const vendor = name.toLowerCase().split("_")[0];
  return vendor.length >= 2 && hosts.some((host) => host.toLowerCase().includes(vendor));
}

/** Tool-name words of a secret store or a deployment's variables, where a secret is kept, not sent. */
const SECRET_STORE =
  /^(?:env|envs|environment|secret|secrets|variable|variables|vars|vault|ssm|parameter|parameters|keyvault|credential|credentials)$/;

/** Whether the tool keeps secrets or a deployment's variables (`vercel_env_add`, `netlify_set_env_var`). */
export function storesSecrets(tool: string): boolean {
  return identifierWords(tool).some((word) => SECRET_STORE.test(word));
}

/** Keys under which a deployment keeps its variables (`deployment_configs.production.env_vars`, `environmentVariables`). */
const VARIABLES_KEY =
  /^(?:env_?vars|env_?variables|environment_?variables|build_?env(?:_?vars)?|runtime_?env(?:_?vars)?)$/i;

/** Whether the payload sets a deployment's variables (a bare `env` or `debug` key does not count), searched a few
 * levels deep. */
export function setsVariables(payload: unknown, depth = 0): boolean {
  if (depth > 4 || payload === null || typeof payload !== "object") return false;
  if (Array.isArray(payload)) return payload.slice(0, 16).some((item) => setsVariables(item, depth + 1));
  return Object.entries(payload).some(([key, value]) =>
    (VARIABLES_KEY.test(key) && value !== null && typeof value === "object") ||
    setsVariables(value, depth + 1)
  );
}

export function judgeSecretReferences(
  tool: string,
  payload: Record<string, unknown>,
  hosts: readonly string[],
  findings: Findings,
): void {
  for (const { key, value } of payloadStrings(payload)) {
    const name = secretReference(value);
    if (name === undefined || ownCredential(key, name, hosts)) continue;
    findings.escalate(
      "read",
      `"${tool}" carries the secret variable "${name}" in its "${
        key || "payload"
      }" argument, where it leaves the machine`,
    );
    return;
  }
}
