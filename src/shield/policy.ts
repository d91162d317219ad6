/** Tier 0 policy files: YAML `rules: [{name, action, tools, paths, commands, urls, recipients, content,
 * tier, reason}]`, validated with zod. Problems name the rule (1-based index and name) and the field. */

import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ConfigError } from "../lib/errors.ts";
import { globSource } from "./glob.ts";
import { learnedRulesPath, parseLearnedRules } from "./learned_rules.ts";

export type PolicyAction = "deny" | "escalate" | "allow";

export interface PolicyRule {
  name: string;
  action: PolicyAction;
  /** Tool names or globs (`*`, `mcp__*`). */
  tools: string[];
  /** Path globs; `~`, `${home}` and `${workspace}` expand; a leading `!` excludes. */
  paths?: string[];
  /** Regular expressions over each shell segment (case-insensitive). */
  commands?: string[];
  urls?: string[];
  recipients?: string[];
  /** Regular expressions over content written or sent (case-insensitive). */
  content?: string[];
  /** Escalate rules only: the tier to go up to (default 2). */
  tier?: 2 | 3;
  reason?: string;
}

export interface Policy {
  source: string;
  rules: PolicyRule[];
}

const list = (what: string) =>
  z.array(z.string({ error: `must list ${what} as strings` }), { error: `must be a list of ${what}` });

const RULE_SCHEMA = z.strictObject({
  name: z.string({ error: "is required and must be a string" }).min(1, { error: "must not be empty" }),
  action: z.enum(["deny", "escalate", "allow"], { error: "must be deny, escalate or allow" }),
  tools: list("tool names").min(1, { error: 'must name at least one tool or "*"' }).default(["*"]),
  paths: list("path globs").optional(),
  commands: list("regular expressions").optional(),
  urls: list("URL globs").optional(),
  recipients: list("recipient globs").optional(),
  content: list("regular expressions").optional(),
  tier: z.union([z.literal(2), z.literal(3)], { error: "must be 2 or 3" }).optional(),
  reason: z.string({ error: "must be a string" }).optional(),
});

function ruleLabel(index: number, raw: unknown): string {
  const name = raw && typeof raw === "object" && typeof (raw as { name?: unknown }).name === "string"
    ? ` "${(raw as { name: string }).name}"`
    : "";
  return `Rule ${index + 1}${name}`;
}

function patternProblems(rule: PolicyRule): string[] {
  const problems: string[] = [];
  for (const field of ["commands", "content"] as const) {
    for (const source of rule[field] ?? []) {
      try {
        new RegExp(source, "i");
      } catch (error) {
        problems.push(
          `"${field}" has an invalid regular expression "${source}": ${(error as Error).message}`,
        );
      }
    }
  }
  for (const field of ["paths", "urls", "recipients", "tools"] as const) {
    for (const glob of rule[field] ?? []) {
      try {
        new RegExp(globSource(glob.replace(/^!/, "")));
      } catch (error) {
        problems.push(`"${field}" has an invalid glob "${glob}": ${(error as Error).message}`);
      }
    }
  }
  if (rule.tier !== undefined && rule.action !== "escalate") {
    problems.push(`"tier" is only allowed with action escalate`);
  }
  return problems;
}

function validateRule(raw: unknown, index: number, problems: string[]): PolicyRule | undefined {
  const label = ruleLabel(index, raw);
  const parsed = RULE_SCHEMA.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        problems.push(`${label}: unknown field ${issue.keys.map((key) => `"${key}"`).join(", ")}`);
      } else if (issue.path.length === 0) problems.push(`${label}: must be a mapping of fields`);
      else problems.push(`${label}: "${String(issue.path[0])}" ${issue.message}`);
    }
    return undefined;
  }
  const rule = parsed.data as PolicyRule;
  const more = patternProblems(rule).map((problem) => `${label}: ${problem}`);
  problems.push(...more);
  return more.length === 0 ? rule : undefined;
}

/** Problems found in policy YAML text (empty when valid). */
export function policyProblems(yamlText: string): { problems: string[]; rules: PolicyRule[] } {
  let document: unknown;
  try {
    document = parseYaml(yamlText);
  } catch (error) {
    return { problems: [`Invalid YAML: ${(error as Error).message.split("\n")[0]}`], rules: [] };
  }
  if (!document || typeof document !== "object" || !Array.isArray((document as { rules?: unknown }).rules)) {
    return { problems: [`"rules" must be a list of rules`], rules: [] };
  }
  const extra = Object.keys(document).filter((key) =>
    key !== "rules" && key !== "version" && key !== "description"
  );
  const problems = extra.map((key) => `Unknown top-level field "${key}"`);
  const rules: PolicyRule[] = [];
  const names = new Set<string>();
  (document as { rules: unknown[] }).rules.forEach((raw, index) => {
    const rule = validateRule(raw, index, problems);
    const name = (raw as { name?: unknown } | null)?.name;
    if (typeof name === "string") {
      if (names.has(name)) problems.push(`${ruleLabel(index, raw)}: "name" is used by an earlier rule`);
      names.add(name);
    }
    if (rule) rules.push(rule);
  });
  return { problems, rules };
}

/** Parses and validates a policy; throws ConfigError listing every problem. */
export function parsePolicy(yamlText: string, sourceName: string): Policy {
  const { problems, rules } = policyProblems(yamlText);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid Shield policy "${sourceName}": ${problems.join("; ")}`, problems);
  }
  return { source: sourceName, rules };
}

/** Reads a policy file and the learned rules beside it (`learned.yaml`, when present), appended after the
 * policy's own rules: deny beats escalate beats allow whatever the order, so a learned allow never lifts a deny. */
export async function loadPolicyFile(path: string): Promise<Policy> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new ConfigError(`Cannot read Shield policy "${path}": ${(error as Error).message}`);
  }
  const policy = parsePolicy(text, path);
  const learnedPath = learnedRulesPath(path);
  let learnedText: string | undefined;
  try {
    learnedText = await Deno.readTextFile(learnedPath);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new ConfigError(`Cannot read learned rules "${learnedPath}": ${(error as Error).message}`);
    }
  }
  if (learnedText === undefined) return policy;
  const names = new Set(policy.rules.map((rule) => rule.name));
  const learned = parseLearnedRules(learnedText, learnedPath).filter((rule) => !names.has(rule.name));
  return { source: path, rules: [...policy.rules, ...learned] };
}

/** Every problem in a policy file (empty list when it is valid). */
export async function checkPolicyFile(path: string): Promise<string[]> {
  try {
    return policyProblems(await Deno.readTextFile(path)).problems;
  } catch (error) {
    return [`Cannot read "${path}": ${(error as Error).message}`];
  }
}
