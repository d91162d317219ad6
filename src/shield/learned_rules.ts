/** Learned approvals (ARCHITECTURE.md contract 16): a Tier 3 "allow from now on" becomes a Tier 0 `allow` rule
 * named `learned: …` with exactly the scope the approval card showed (a command prefix, a domain, a recipient,
 * or a tool name with an argument pattern), appended to `learned.yaml` beside the policy file. The file is read
 * with the policy; deny rules still win. Pure functions here; the engine writes the file and the audit entry. */

import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { ConfigError } from "../lib/errors.ts";
import type { Action } from "./types.ts";
import type { PolicyRule } from "./policy.ts";
import { policyProblems } from "./policy.ts";

export const LEARNED_FILE_NAME = "learned.yaml";

/** The scope an approval card shows; the learned rule allows exactly this and nothing wider. */
export type ApprovalScope =
  | { kind: "command_prefix"; prefix: string }
  | { kind: "domain"; domain: string }
  | { kind: "recipient"; recipient: string }
  | { kind: "tool"; argument?: { name: string; pattern: string } };

/** `learned.yaml` beside the policy file. */
export function learnedRulesPath(policyFile: string): string {
  const slash = policyFile.lastIndexOf("/");
  return slash < 0 ? LEARNED_FILE_NAME : `${policyFile.slice(0, slash + 1)}${LEARNED_FILE_NAME}`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function commandOf(action: Action): string {
  return typeof action.payload.command === "string" ? action.payload.command : "";
}

function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) { for (const item of value) stringsOf(item, into); }
  else if (value && typeof value === "object") {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
  return into;
}

/** Why the scope does not describe the approved action, or undefined when it does. */
export function scopeProblem(action: Action, scope: ApprovalScope): string | undefined {
  switch (scope.kind) {
    case "command_prefix": {
      const prefix = scope.prefix.trim();
      if (prefix.length < 2) return "A command prefix needs at least two characters";
      if (/[;&|`$<>\n]/.test(prefix)) {
        return `Command prefix "${prefix}" must be a plain command without operators`;
      }
      const command = commandOf(action).trim();
      return command === prefix || command.startsWith(prefix + " ")
        ? undefined
        : `Command prefix "${prefix}" does not start the approved command`;
    }
    case "domain": {
      const domain = scope.domain.toLowerCase();
      if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(domain)) {
        return `Domain "${scope.domain}" must be a plain host name`;
      }
      const hosts = stringsOf(action.payload).flatMap((text) =>
        [...text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/([^/:?#\s]+)/gi)].map((match) => match[1].toLowerCase())
      );
      return hosts.includes(domain)
        ? undefined
        : `Domain "${scope.domain}" is not where the approved action goes`;
    }
    case "recipient": {
      const recipient = scope.recipient.trim().toLowerCase();
      if (recipient === "" || /[*?[\]{}]/.test(recipient)) {
        return `Recipient "${scope.recipient}" must be one exact address`;
      }
      const all = stringsOf(action.payload).flatMap((text) => text.toLowerCase().split(/[,;\s<>]+/));
      return all.includes(recipient)
        ? undefined
        : `Recipient "${scope.recipient}" is not among the approved action's`;
    }
    case "tool": {
      if (!scope.argument) return undefined;
      try {
        const pattern = new RegExp(scope.argument.pattern, "i");
        const value = action.payload[scope.argument.name];
        return typeof value === "string" && pattern.test(value)
          ? undefined
          : `Argument "${scope.argument.name}" of the approved action does not match "${scope.argument.pattern}"`;
      } catch (error) {
        return `Argument pattern "${scope.argument.pattern}" is invalid: ${(error as Error).message}`;
      }
    }
  }
}

/** The learned allow rule for an approved action and the scope its card showed. Throws when they disagree. */
export function learnedRule(action: Action, scope: ApprovalScope): PolicyRule {
  const problem = scopeProblem(action, scope);
  if (problem) throw new ConfigError(`Cannot learn approval for "${action.type}": ${problem}`);
  const tools = [action.type];
  switch (scope.kind) {
    case "command_prefix": {
      const prefix = scope.prefix.trim();
      return {
        name: `learned: ${action.type} command "${prefix}"`,
        action: "allow",
        tools,
        commands: [`^${escapeRegex(prefix)}(?:\\s|$)`],
      };
    }
    case "domain":
      return {
        name: `learned: ${action.type} to ${scope.domain.toLowerCase()}`,
        action: "allow",
        tools,
        urls: [scope.domain.toLowerCase()],
      };
    case "recipient":
      return {
        name: `learned: ${action.type} to ${scope.recipient.trim()}`,
        action: "allow",
        tools,
        recipients: [scope.recipient.trim()],
      };
    case "tool":
      return scope.argument
        ? {
          name: `learned: ${action.type} with ${scope.argument.name} matching ${scope.argument.pattern}`,
          action: "allow",
          tools,
          content: [scope.argument.pattern],
        }
        : { name: `learned: ${action.type}`, action: "allow", tools };
  }
}

/** Learned rules of a file's text (its only top-level key is `rules`); each must be an allow named `learned: …`. */
export function parseLearnedRules(yamlText: string, source: string): PolicyRule[] {
  if (yamlText.trim() === "") return [];
  const { problems, rules } = policyProblems(yamlText);
  const wrong = rules.filter((rule) => rule.action !== "allow" || !rule.name.startsWith("learned: "));
  for (const rule of wrong) {
    problems.push(`Rule "${rule.name}": learned rules must be allow rules named "learned: …"`);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid learned rules "${source}": ${problems.join("; ")}`, problems);
  }
  return rules;
}

/** The learned file's text with `rule` appended (a rule of the same name is replaced, not repeated). */
export function appendLearnedRule(existing: string | undefined, rule: PolicyRule): string {
  const rules = existing ? parseLearnedRules(existing, LEARNED_FILE_NAME) : [];
  const kept = rules.filter((known) => known.name !== rule.name);
  const document = parseYaml(existing || "{}") ?? {};
  const header = '# Rules learned from "allow from now on" approvals. Deny rules of the policy still win.\n';
  return header +
    stringifyYaml({ ...(typeof document === "object" ? document : {}), rules: [...kept, rule] });
}
