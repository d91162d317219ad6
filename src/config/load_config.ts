/** Reads config.yaml: YAML parse, schema validation with every problem located by key path and line. */
import { LineCounter, parseDocument } from "yaml";
import { dirname, isAbsolute, resolve } from "node:path";
import { type Config, configSchema, crossFieldProblems } from "./schema.ts";
import { ConfigError } from "../errors.ts";
import { DEFAULT_CONFIG_YAML } from "./default_config.ts";

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
    workspace: beside(config.workspace),
    policyFile,
    learnedRulesFile: resolve(dirname(policyFile), "learned.yaml"),
    ifcPolicyFile: beside(config.security.ifc_policy),
    warnings,
    created,
  };
}

/** Parses and validates config text; throws ConfigError listing every problem with its line. */
export function parseConfigText(
  text: string,
  sourceName = "config.yaml",
): { config: Config; warnings: string[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    // deno-lint-ignore no-explicit-any
    let node: any = document.getIn(path as unknown[], true);
    for (let cut = path.length - 1; !node?.range && cut >= 0; cut--) {
      node = document.getIn(path.slice(0, cut) as unknown[], true);
    }
    return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
  };
  if (document.errors.length > 0) {
    const problems = document.errors.map((error) => {
      const line = error.linePos?.[0]?.line;
      return `${line ? `line ${line}: ` : ""}${
        error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")
      }`;
    });
    throw new ConfigError(`Invalid YAML in "${sourceName}"`, problems);
  }
  const raw = withoutNulls(document.toJS() ?? {});
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigError(`Invalid config in "${sourceName}"`, ["the top level must be a mapping of keys"]);
  }
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const issues = [...result.error.issues, ...crossFieldProblems(raw)];
    const problems = issues.map((issue) => {
      const line = lineOf(issue.path);
      return `${formatPath(issue.path)}${line ? ` (line ${line})` : ""}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid config in "${sourceName}"`, problems);
  }
  const warnings = unknownKeys(raw, result.data, []).map((path) => {
    const line = lineOf(path);
    return `Unknown key ${formatPath(path)}${line ? ` (line ${line})` : ""} is ignored`;
  });
  return { config: result.data, warnings };
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

/** Keys present in the raw YAML that the schema dropped: zod strips unknown keys, so compare. */
function unknownKeys(raw: unknown, parsed: unknown, path: PropertyKey[]): PropertyKey[][] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => unknownKeys(item, parsed[index], [...path, index]));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  const found: PropertyKey[][] = [];
  for (const key of Object.keys(raw)) {
    if (!(key in parsed)) found.push([...path, key]);
    else found.push(...unknownKeys(raw[key], parsed[key], [...path, key]));
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
