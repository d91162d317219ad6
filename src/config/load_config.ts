/** Reads config.yaml: YAML parse, schema validation with every problem located by key path and line. */
import { type Document, isMap, isScalar, isSeq, LineCounter, parseDocument, type YAMLError } from "yaml";
import { dirname, isAbsolute, resolve } from "node:path";
import { type Config, configSchema, crossFieldProblems } from "./schema.ts";
import { ConfigError } from "../lib/errors.ts";
import { DEFAULT_CONFIG_YAML } from "./default_config.ts";
import { childSchema, configJsonSchema, type JsonSchema, knownKeys } from "./config_json_schema.ts";
import { closestMatch } from "../lib/closest_match.ts";

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the config file. */
  path: string;
  /** Absolute workspace directory (resolved against the config file's folder). */
  workspace: string;
  /** shield.policy_file, resolved against the config file's folder. */
  policyFile: string;
  /** Rules learned from Tier 3 approvals: learned.yaml beside the policy file. */
  learnedRulesFile: string;
  /** security.ifc_policy, resolved against the config file's folder. */
  ifcPolicyFile: string;
  /** Unknown keys and other non-fatal remarks. */
  warnings: string[];
  /** True when no file existed and a default one was written. */
  created: boolean;
}

export async function loadConfig(path: string): Promise<LoadedConfig> {
  const absolute = resolve(path);
  let text: string;
  let created = false;
  try {
    text = await Deno.readTextFile(absolute);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new ConfigError(`Cannot read "${absolute}": ${(error as Error).message}`);
    }
    await Deno.mkdir(dirname(absolute), { recursive: true });
    await Deno.writeTextFile(absolute, DEFAULT_CONFIG_YAML, { createNew: true });
    text = DEFAULT_CONFIG_YAML;
    created = true;
  }
  const { config, warnings } = parseConfigText(text, absolute);
  const folder = dirname(absolute);
  // Everything resolves against the config file's folder, never the workspace: the agent writes there.
  const beside = (file: string) => isAbsolute(file) ? resolve(file) : resolve(folder, file);
  const policyFile = beside(config.shield.policy_file);
  return {
    config,
    path: absolute,
    workspace: workspaceOf(config, absolute),
    policyFile,
    learnedRulesFile: resolve(dirname(policyFile), "learned.yaml"),
    ifcPolicyFile: beside(config.security.ifc_policy),
    warnings,
    created,
  };
}

/** The absolute workspace of a config read from `configPath`. */
export function workspaceOf(config: Config, configPath: string): string {
  return isAbsolute(config.workspace) ? config.workspace : resolve(dirname(configPath), config.workspace);
}

/** Parses and validates config text; throws ConfigError listing every problem once, with its line. A key the
 * schema does not know is a warning, or an error when it looks like a typo of a key that belongs there. */
export function parseConfigText(
  text: string,
  sourceName = "config.yaml",
): { config: Config; warnings: string[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const lineOf = (path: readonly PropertyKey[]) => lineOfKey(document, lineCounter, path);
  if (document.errors.length > 0) {
    throw new ConfigError(`Invalid YAML in "${sourceName}"`, yamlProblems(document.errors));
  }
  const raw = withoutNulls(document.toJS() ?? {});
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigError(`Invalid config in "${sourceName}"`, ["the top level must be a mapping of keys"]);
  }
  const located = (path: readonly PropertyKey[], message: string) => {
    const line = lineOf(path);
    return `${formatPath(path)}${line ? ` (line ${line})` : ""}: ${message}`;
  };
  const unknown = unknownKeys(raw, configJsonSchema(), []);
  // A near miss ("rols", "web.prot") is a typo that would silently drop a setting: refuse it.
  const typos = unknown.filter((key) => key.suggestion !== undefined)
    .map((key) => located(key.path, `unknown key, did you mean "${key.suggestion}"?`));
  const result = configSchema.safeParse(raw);
  if (!result.success || typos.length > 0) {
    const issues = result.success ? [] : [...result.error.issues, ...crossFieldProblems(raw)];
    const problems = issues.map((issue) =>
      located(issue.path, withSuggestion(issue, valueAt(raw, issue.path)))
    );
    throw new ConfigError(`Invalid config in "${sourceName}"`, unique([...typos, ...problems]));
  }
  const warnings = unknown.map((key) => {
    const line = lineOf(key.path);
    return `Unknown key ${formatPath(key.path)}${line ? ` (line ${line})` : ""} is ignored`;
  });
  return { config: result.data, warnings };
}

/** Line of the key at `path` (not of its value, which may start lines later), or of the nearest ancestor. */
function lineOfKey(
  document: Document,
  lineCounter: LineCounter,
  path: readonly PropertyKey[],
): number | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const parent = depth === 1
      ? document.contents
      : document.getIn(path.slice(0, depth - 1) as unknown[], true);
    const key = path[depth - 1];
    let range: readonly number[] | null | undefined;
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
      range = isScalar(pair?.key) ? pair.key.range : undefined;
    } else if (isSeq(parent) && typeof key === "number") {
      range = (parent.items[key] as { range?: readonly number[] } | undefined)?.range;
    }
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return undefined;
}

/** The yaml parser often reports one mistake several times on a line; the first says it best. */
function yamlProblems(errors: readonly YAMLError[]): string[] {
  const seenLines = new Set<number | undefined>();
  const problems: string[] = [];
  for (const error of errors) {
    const line = error.linePos?.[0]?.line;
    if (line !== undefined && seenLines.has(line)) continue;
    seenLines.add(line);
    problems.push(
      `${line ? `line ${line}: ` : ""}${
        error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")
      }`,
    );
  }
  return problems;
}

/** Adds "did you mean" to a wrong choice among fixed values (provider: openia). */
function withSuggestion(
  issue: { code?: string; message: string; values?: unknown[] },
  input: unknown,
): string {
  if (issue.code !== "invalid_value" || typeof input !== "string" || !issue.values) return issue.message;
  const match = closestMatch(input, issue.values.filter((value) => typeof value === "string"));
  return match ? `${issue.message}: did you mean "${match}"?` : issue.message;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

interface UnknownKey {
  path: PropertyKey[];
  suggestion?: string;
}

/** Keys of the raw YAML the schema does not know, each with the known key it most resembles at that place. */
function unknownKeys(raw: unknown, schema: JsonSchema | undefined, path: PropertyKey[]): UnknownKey[] {
  if (!schema) return [];
  if (Array.isArray(raw)) {
    return raw.flatMap((item, index) => unknownKeys(item, childSchema(schema, index), [...path, index]));
  }
  if (!isPlainObject(raw)) return [];
  const known = knownKeys(schema);
  const found: UnknownKey[] = [];
  for (const key of Object.keys(raw)) {
    if (known && !known.includes(key)) {
      found.push({ path: [...path, key], suggestion: closestMatch(key, known) });
    } else found.push(...unknownKeys(raw[key], childSchema(schema, key), [...path, key]));
  }
  return found;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `key:` with nothing after it means "unset", as a reader of a commented YAML file expects. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null).map(([key, item]) => [key, withoutNulls(item)]),
  );
}
