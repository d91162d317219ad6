/** Changes one key of config.yaml in place, keeping comments and layout (yaml Document API), after validating
 * the whole result against the schema. */
import { parse as parseYamlValue, parseDocument } from "yaml";
import { ConfigError, ValidationError } from "../errors.ts";
import { parseConfigText } from "./load_config.ts";
import type { Config } from "./schema.ts";

/** Keys only a file edit and restart may change (spec 2.13 "read-only through the settings API"). */
export const READ_ONLY_KEYS = ["web.port", "general.daily_budget", "shield.policy_file"];

/** Security-relevant keys: a chat command must not weaken the engine, so these need a file edit. */
const SECURITY_PREFIXES = [
  "shield.",
  "security.",
  "web.",
  "general.fail_closed",
  "general.rate_limit",
  "general.verdict_ttl_seconds",
  "tools.",
  "mcp.",
  "channels.",
  "oauth.",
  "email.",
  "calendar.",
  "workspace",
  "models",
];

/** Keys the running engine re-reads on every use, so a change applies without a restart. */
const LIVE_PREFIXES = [
  "identity.",
  "roles.",
  "agents.max_tool_rounds",
  "agents.max_response_tokens",
  "agents.context_window",
  "agents.compaction_threshold",
  "general.output_sanitization",
];

export interface ConfigChange {
  config: Config;
  key: string;
  value: unknown;
  restartNeeded: boolean;
}

export function checkSettableKey(key: string): void {
  if (!/^[a-z_]+(\.[a-z0-9_]+)*$/.test(key)) throw new ValidationError(`"${key}" is not a config key`);
  if (READ_ONLY_KEYS.includes(key)) {
    throw new ValidationError(
      `"${key}" is read-only: edit config.yaml and restart to change it`,
      "READ_ONLY_KEY",
    );
  }
  if (SECURITY_PREFIXES.some((prefix) => key === prefix.replace(/\.$/, "") || key.startsWith(prefix))) {
    throw new ValidationError(
      `"${key}" is a security setting: edit config.yaml and restart to change it`,
      "SECURITY_KEY",
    );
  }
}

/** Rewrites `key` in the config file at `path` to `rawValue` (parsed as a YAML scalar or flow value). */
export async function setConfigValue(path: string, key: string, rawValue: string): Promise<ConfigChange> {
  checkSettableKey(key);
  const text = await Deno.readTextFile(path);
  const document = parseDocument(text);
  let value: unknown;
  try {
    value = parseYamlValue(rawValue);
  } catch (error) {
    throw new ValidationError(
      `Value "${rawValue}" is not valid YAML: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  const keyPath = key.split(".");
  document.setIn(keyPath, value);
  const updated = document.toString();
  let parsed: { config: Config; warnings: string[] };
  try {
    parsed = parseConfigText(updated, path);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ValidationError(`Cannot set "${key}": ${error.problems.join("; ")}`, "INVALID_VALUE");
    }
    throw error;
  }
  if (parsed.warnings.some((warning) => warning.includes(` ${key} `) || warning.includes(` ${key}(`))) {
    throw new ValidationError(`"${key}" is not a known config key`, "UNKNOWN_KEY");
  }
  const temporary = `${path}.tmp-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(temporary, updated);
  await Deno.rename(temporary, path);
  const restartNeeded = !LIVE_PREFIXES.some((prefix) => key === prefix || key.startsWith(prefix));
  return { config: parsed.config, key, value, restartNeeded };
}
