/** Masks secrets (API keys, tokens, private keys, passwords) in text and objects before they are logged. */

export const REDACTED = "[REDACTED]";

interface SecretPattern {
  name: string;
  pattern: RegExp;
  /** Number of leading capture groups kept verbatim (a key name and separator), the rest is masked. */
  keep?: number;
}

// Ordered: whole blocks first, then vendor formats, then generic key=value forms.
const PATTERNS: SecretPattern[] = [
  {
    name: "private_key",
    pattern:
      /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { name: "anthropic_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { name: "openai_key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { name: "stripe_key", pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: "aws_access_key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  { name: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { name: "gitlab_token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { name: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { name: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { name: "telegram_bot_token", pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g },
  { name: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { name: "url_credentials", pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s/@]+)(?=@)/gi, keep: 1 },
  { name: "bearer", pattern: /(\b(?:Bearer|Basic|Token)\s+)([A-Za-z0-9._~+/=-]{8,})/g, keep: 1 },
  {
    name: "key_value",
    pattern:
      /((?:["']?)\b[\w.-]*(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth|credentials?)\b["']?\s*[:=]\s*["']?)([^\s"',;&}]{3,})/gi,
    keep: 1,
  },
];

/** Returns `text` with every recognised secret replaced by [REDACTED] (key names are kept for context). */
export function redactSecrets(text: string): string {
  let out = text;
  for (const { pattern, keep } of PATTERNS) {
    out = out.replace(pattern, (...groups: unknown[]) => {
      if (!keep) return REDACTED;
      return (groups.slice(1, keep + 1) as string[]).join("") + REDACTED;
    });
  }
  return out;
}

// Key names whose values are secrets. `*_env` keys name an environment variable and stay readable;
// `*_tokens` (counts such as max_tokens) are not tokens.
const SECRET_KEY =
  /(password|passwd|passphrase|secret|api_?key|private_?key|access_?key|authorization|cookie|credentials?|(^|_)token|(^|_)pwd)$/;

export function isSecretKeyName(key: string): boolean {
  const normal = key.toLowerCase().replaceAll("-", "_");
  if (normal.endsWith("_env")) return false;
  return SECRET_KEY.test(normal) || normal === "password_hash";
}

/**
 * Deep copy of `value` with known secret values masked wherever they appear in strings, values under
 * secret-looking keys masked, and recognised secret formats masked. Cycles become "[Circular]".
 */
export function redactObject<T>(value: T, secretValues: string[] = []): T {
  // Short values would mask ordinary words; longest first so a secret containing another is masked whole.
  const secrets = [...new Set(secretValues.filter((secret) => secret.length >= 4))].sort((a, b) =>
    b.length - a.length
  );
  return walk(value, secrets, new WeakSet()) as T;
}

function walk(value: unknown, secrets: string[], seen: WeakSet<object>): unknown {
  if (typeof value === "string") return maskString(value, secrets);
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets, seen));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const masked = isSecretKeyName(key) && item !== null && item !== undefined && item !== "" &&
      typeof item !== "boolean";
    out[key] = masked ? REDACTED : walk(item, secrets, seen);
  }
  seen.delete(value);
  return out;
}

function maskString(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) out = out.replaceAll(secret, REDACTED);
  return redactSecrets(out);
}
