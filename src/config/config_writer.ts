/** Changes one key of config.yaml in place, touching only that value's text (comments, blanks and layout of
 * every other line stay as they were), after validating the whole result against the schema. */
import { parse as parseYamlValue, parseDocument } from "yaml";
import { ConfigError, ValidationError } from "../lib/errors.ts";
import { setYamlValue } from "./yaml_edit.ts";
import { childSchema, configJsonSchema, type JsonSchema, knownKeys } from "./config_json_schema.ts";
import { closestMatch } from "../lib/closest_match.ts";
import { parseConfigText } from "./load_config.ts";
import type { Config } from "./schema.ts";

/** Keys only a file edit and restart may change (read-only through the settings API: docs/configuration.md). */
const READ_ONLY_KEYS = ["web.port", "general.daily_budget", "shield.policy_file"];

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

/** How a key can change: "live" by /config set (applies at once), "restart" by /config set and then a restart,
 * "file" only by editing config.yaml and restarting (read-only and security keys). */
export function changeMode(key: string): "live" | "restart" | "file" {
  try {
    checkSettableKey(key);
  } catch {
    return "file";
  }
  return isLive(key) ? "live" : "restart";
}

function isLive(key: string): boolean {
  return LIVE_PREFIXES.some((prefix) => key === prefix || key.startsWith(prefix));
}

/** Rewrites `key` in the config file at `path` to `rawValue` (parsed as a YAML scalar or flow value). */
export async function setConfigValue(path: string, key: string, rawValue: string): Promise<ConfigChange> {
  checkSettableKey(key);
  const text = await Deno.readTextFile(path);
  let value: unknown;
  try {
    value = parseYamlValue(rawValue);
  } catch (error) {
    throw new ValidationError(
      `Value "${rawValue}" is not valid YAML: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  const keyPath = key.split(".");
  checkKnownKey(keyPath);
  const updated = editedText(text, keyPath, value);
  let parsed: { config: Config; warnings: string[] };
  try {
    parsed = parseConfigText(updated, path);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ValidationError(`Cannot set "${key}": ${error.problems.join("; ")}`, "INVALID_VALUE");
    }
    throw error;
  }
  const temporary = `${path}.tmp-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(temporary, updated);
  await Deno.rename(temporary, path);
  const restartNeeded = !isLive(key);
  return { config: parsed.config, key, value, restartNeeded };
}

/** Every step of the key must exist in the schema (a map's own keys are free), before anything is written. */
function checkKnownKey(keyPath: string[]): void {
  let schema: JsonSchema | undefined = configJsonSchema();
  for (const [index, part] of keyPath.entries()) {
    const known: string[] | undefined = schema ? knownKeys(schema) : undefined;
    if (known && !known.includes(part)) {
      const match = closestMatch(part, known);
      const prefix = keyPath.slice(0, index).join(".");
      const suggestion = match ? `: did you mean "${prefix ? `${prefix}.` : ""}${match}"?` : "";
      throw new ValidationError(
        `"${keyPath.join(".")}" is not a known config key${suggestion}`,
        "UNKNOWN_KEY",
      );
    }
    schema = schema ? childSchema(schema, part) : undefined;
  }
}

/** Edits only the value's characters when it can (the diff is that one line); otherwise re-serialises the
 * document, which keeps comments but not every blank and spacing. */
function editedText(text: string, keyPath: string[], value: unknown): string {
  const local = setYamlValue(text, keyPath, value);
  if (local !== undefined && sameValue(valueAt(parseDocument(local).toJS(), keyPath), value)) return local;
  const document = parseDocument(text);
  document.setIn(keyPath, value);
  return document.toString();
}

function valueAt(root: unknown, keyPath: string[]): unknown {
  return keyPath.reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], root);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
