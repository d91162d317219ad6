/** Learned approvals (ARCHITECTURE.md contract 16): a Tier 3 "allow from now on" becomes a Tier 0 `allow` rule
 * named `learned: ...` with exactly the scope the approval card showed (a command prefix, a domain, a recipient,
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
  | { kind: "path"; path: string }
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
    case "path": {
      if (scope.path.trim() === "" || /[*?[\]{}!]/.test(scope.path)) {
        return `Path "${scope.path}" must be one exact path`;
      }
      return stringsOf(action.payload).includes(scope.path)
        ? undefined
        : `Path "${scope.path}" is not the approved action's`;
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

/** What an approval card offers to allow from now on: one scope, the narrowest that describes the action. */
export interface ScopeOffer {
  scope: ApprovalScope;
  /** What the card says, e.g. `Allow "npm install" commands from now on`. */
  label: string;
}

const PLAIN_WORD = /^[A-Za-z0-9][\w.@+-]*$/;
const RECIPIENT_KEYS = /^(?:to|recipient|recipients|email|phone|number|channel|user)$/i;

/** The command prefix an approval offers: the program and, when it has one, its subcommand (`npm install`,
 * `git push`), never operators or the arguments after them. */
function commandPrefix(command: string): string | undefined {
  if (/[;&|`$<>\n]/.test(command)) return undefined;
  const words = command.trim().split(/\s+/);
  if (!PLAIN_WORD.test(words[0] ?? "")) return undefined;
  return words.length > 1 && /^[a-z][\w-]*$/.test(words[1]) ? `${words[0]} ${words[1]}` : words[0];
}

function singleRecipient(payload: Record<string, unknown>): string | undefined {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (!RECIPIENT_KEYS.test(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" && item.trim() !== "") found.push(...item.split(/[,;]\s*/));
    }
  }
  const unique = [...new Set(found.map((item) => item.trim()).filter(Boolean))];
  return unique.length === 1 && !/[*?[\]{}\s]/.test(unique[0]) ? unique[0] : undefined;
}

const PATH_KEYS = ["path", "file_path", "filepath", "target_file", "file", "filename", "destination"];
/** Argument names that name what an open-world tool acts on (a door, an account, a device). */
const TARGET_KEY =
  /^(?:id|name|device|device_id|deviceid|entity_id|account|account_id|door|lock|lock_id|item|item_id|file_id|repo|repository|project|channel|calendar_id|event_id)$/i;

/** The scope an approval card offers for `action`: a command prefix, a domain, one recipient, one path, or a
 * tool with the one argument naming its target; undefined when nothing that narrow describes it (the card then
 * offers no "allow from now on"). */
export function offeredScope(action: Action): ScopeOffer | undefined {
  const offer = (scope: ApprovalScope, label: string): ScopeOffer | undefined =>
    scopeProblem(action, scope) === undefined ? { scope, label } : undefined;
  const command = commandOf(action);
  if (command !== "") {
    const prefix = commandPrefix(command);
    return prefix
      ? offer({ kind: "command_prefix", prefix }, `Allow "${prefix}" commands from now on`)
      : undefined;
  }
  const url = stringsOf(action.payload).map((text) => /^[a-z][a-z0-9+.-]*:\/\/([^/:?#\s]+)/i.exec(text)?.[1])
    .find(Boolean);
  if (url) {
    const domain = url.toLowerCase();
    return offer({ kind: "domain", domain }, `Allow "${action.type}" to ${domain} from now on`);
  }
  const recipient = singleRecipient(action.payload);
  if (recipient) {
    return offer({ kind: "recipient", recipient }, `Allow "${action.type}" to ${recipient} from now on`);
  }
  const pathKey = PATH_KEYS.find((key) => typeof action.payload[key] === "string");
  if (pathKey) {
    const path = action.payload[pathKey] as string;
    return offer({ kind: "path", path }, `Allow "${action.type}" on ${path} from now on`);
  }
  const strings = Object.entries(action.payload).filter(([, value]) => typeof value === "string");
  const target = strings.find(([key, value]) => TARGET_KEY.test(key) && (value as string).length <= 200);
  if (target) {
    const [name, value] = target as [string, string];
    const pattern = `^${escapeRegex(value)}$`;
    return offer(
      { kind: "tool", argument: { name, pattern } },
      `Allow "${action.type}" for ${name} "${value}" from now on`,
    );
  }
  return strings.length === 0 && Object.keys(action.payload).length === 0
    ? offer({ kind: "tool" }, `Allow "${action.type}" from now on`)
    : undefined;
}

/** Whether two scopes are the same (the one a card offered and the one an answer names). */
export function sameScope(a: ApprovalScope, b: ApprovalScope): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
    case "path":
      return {
        name: `learned: ${action.type} on ${scope.path}`,
        action: "allow",
        tools,
        paths: [scope.path],
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

/** Learned rules of a file's text (its only top-level key is `rules`); each must be an allow named `learned: ...`. */
export function parseLearnedRules(yamlText: string, source: string): PolicyRule[] {
  if (yamlText.trim() === "") return [];
  const { problems, rules } = policyProblems(yamlText);
  const wrong = rules.filter((rule) => rule.action !== "allow" || !rule.name.startsWith("learned: "));
  for (const rule of wrong) {
    problems.push(`Rule "${rule.name}": learned rules must be allow rules named "learned: \u2026"`);
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
