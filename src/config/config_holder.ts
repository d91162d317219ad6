/** The live configuration: read through `current()` so live-applicable changes take effect at once. Security
 * settings never change while the engine runs: a chat command is refused them, and `replace` refuses a new
 * config that differs in any of them from the one the engine started with. */
import type { Config } from "./schema.ts";
import { ValidationError } from "../lib/errors.ts";

/** Settings that weaken or redirect the engine's protections: Shield, its evaluator model (roles.shield and
 * every model entry, which that role names), sandboxes and tools, network exposure, what leaves the machine,
 * the audit and snapshot trail. A key is protected when it is one of these, lies under one, or contains one
 * (setting `general` or `roles` as a whole would replace the protected keys inside). */
const PROTECTED_KEYS = [
  "roles.shield",
  "models",
  "shield",
  "security",
  "general.fail_closed",
  "general.rate_limit",
  "general.verdict_ttl_seconds",
  "general.daily_budget",
  "general.output_sanitization",
  "web",
  "tools",
  "mcp",
  "channels",
  "oauth",
  "email",
  "calendar",
  "chronicle",
  "workspace",
];

/** Why `key` may not be changed live, or undefined. */
export function protectedKeyRefusal(key: string): string | undefined {
  const normalized = key.trim().toLowerCase();
  const hit = PROTECTED_KEYS.find((protectedKey) =>
    normalized === protectedKey || normalized.startsWith(`${protectedKey}.`) ||
    protectedKey.startsWith(`${normalized}.`)
  );
  if (!hit) return undefined;
  return hit === normalized || normalized.startsWith(`${hit}.`)
    ? `"${key}" is a security setting: edit config.yaml and restart to change it`
    : `"${key}" contains the security setting "${hit}": edit config.yaml and restart to change it`;
}

export class ConfigHolder {
  private listeners: ((config: Config) => void)[] = [];
  private readonly protectedAtStart: string;

  constructor(private config: Config, readonly path: string, readonly workspace: string) {
    this.protectedAtStart = protectedFingerprint(config);
  }

  current(): Config {
    return this.config;
  }

  /** Takes a changed config; throws when it differs from the starting one in any protected setting. */
  replace(config: Config): void {
    if (protectedFingerprint(config) !== this.protectedAtStart) {
      throw new ValidationError(
        "A security setting differs from the one the engine started with: edit config.yaml and restart",
        "SECURITY_KEY",
      );
    }
    this.config = config;
    for (const listener of this.listeners) listener(config);
  }

  onChange(listener: (config: Config) => void): void {
    this.listeners.push(listener);
  }
}

/** The protected settings of a config as one comparable string. */
function protectedFingerprint(config: Config): string {
  const values = PROTECTED_KEYS.map((key) => {
    let value: unknown = config;
    for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
    return [key, value ?? null];
  });
  return JSON.stringify(values, (_key, value) =>
    // Sorted object keys: the same settings written in another order are the same settings.
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))
      : value);
}
