/** The shape of a Tier 1 heuristic rule: data, not code. Patterns run on lower-cased, normalised text. */

import type { PayloadKind } from "../payload_fields.ts";

export type Severity = "critical" | "high" | "medium" | "low";

/**
 * What a rule looks at:
 * command -- each parsed shell segment (`basename args > target`), from commands, task text and scripts;
 * shell -- whole command lines and task text; code -- interpreter code and here-doc bodies;
 * path / write_path -- normalised paths read or written (absolute, and workspace-relative when inside);
 * url, header, recipient; outbound -- http/email/message bodies and subjects; content -- file content written;
 * task -- sub-agent task, agent message and schedule task text; query -- search patterns;
 * request -- `METHOD url`, then headers and body, for outbound HTTP; exec -- each segment's program as written;
 * tool -- the tool name; recipient_list -- all recipients joined by ", ".
 */
export const RULE_FIELDS = [
  "command",
  "shell",
  "code",
  "path",
  "write_path",
  "url",
  "header",
  "recipient",
  "outbound",
  "content",
  "task",
  "query",
  "request",
  "exec",
  "tool",
  "recipient_list",
] as const;

export type RuleField = typeof RULE_FIELDS[number];

// Every payload kind must be a field a rule can name.
const _everyKindIsAField: readonly RuleField[] = [] as PayloadKind[];
void _everyKindIsAField;

export interface HeuristicRule {
  id: string;
  category: string;
  severity: Severity;
  fields: RuleField[];
  pattern: RegExp;
  description: string;
  /** Path rules only: a path inside the workspace never counts (the project's own files, e.g. dev TLS keys). */
  outsideWorkspaceOnly?: boolean;
}

/** Shorthand used by the rule files: the category is given once per file. */
export function defineRules(
  category: string,
  rules: Array<Omit<HeuristicRule, "category">>,
): HeuristicRule[] {
  return rules.map((rule) => ({ ...rule, category }));
}
