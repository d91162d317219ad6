/** Git's settings set through a structured tool (round 98): `mcp__git__git_config {key: "user.email", value: ...}`,
 * `git_config {key: "pull.rebase", value: "true", scope: "local"}` (git MCP servers and agent toolkits) do what
 * `git config [--global] KEY VALUE` does, so they are judged as that command line: the settings the shell checks
 * know to run code (`core.hooksPath` outside the repository, `core.sshCommand`, `core.fsmonitor`, `credential.helper`
 * with `!`, aliases that run a shell) keep their readings, and an identity, a pull strategy or a default branch
 * passes as it does on a command line. Before, nothing in the tool's name or arguments said what it did and every
 * call asked (dv-benign-coding-203). Only a name of exactly these words (git, config or settings, optionally set)
 * and only keys naming the setting, its value, its scope and the repository's folder: any other argument leaves the
 * tool unknown. */

import { identifierWords, mcpParts } from "./words.ts";
/** A version or date suffix on a tool's name (`git_config_v2`, `_20250124`), as `tool_aliases.ts` reads it (not
 * imported: that module imports this one). */
const VERSION_SUFFIX = /(?:[_-]v\d{1,2}|(?<=[a-z])V\d{1,2}|[_-]\d{8})$/;

/** The name's last words (a server's or agent's words may come first: `developer__git_config`, `server:git_config`). */
const NAME_WORDS = /(?:^| )(?:git (?:set )?(?:config|settings?)|(?:set|update) git (?:config|settings?))$/;
/** Words that make the tool read, remove or reset a setting rather than set one. */
const OTHER_VERBS = /(?:^| )(?:get|list|read|show|unset|remove|delete|reset|clear|drop|edit)(?: |$)/;
/** Arguments that say nothing of what the call does (a request's id, locale, priority, metadata). */
const QUIET_KEYS = /^(?:request_?id|trace_?id|locale|priority|metadata|timeout|description|comment)$/i;
const KEY_KEYS = /^(?:key|name|setting|option|config_?key)$/i;
const VALUE_KEYS = /^(?:value|config_?value|new_?value)$/i;
const SCOPE_KEYS = /^(?:scope|level|location)$/i;
const REPO_KEYS = /^(?:repo_?path|repository|repo|cwd|path|directory|dir)$/i;
const SETTING = /^[A-Za-z][\w-]*(?:\.[^\s'"`$\\;|&<>]+)?\.[A-Za-z][\w-]*$/;
const SCOPES = /^(?:global|local|system|worktree)$/;

const quote = (text: string) => `'${text.replaceAll("'", `'"'"'`)}'`;

/** The tool's own name, its words joined by spaces (`mcp__git__git_config` -> "git config"). */
function nameWords(type: string): string {
  return identifierWords((mcpParts(type)?.tool ?? type).replace(VERSION_SUFFIX, "")).join(" ");
}

/** Whether a tool's name reads as git's settings tool (asked before the payload is read). */
export function gitSettingToolName(type: string): boolean {
  const words = nameWords(type);
  return NAME_WORDS.test(words) && !OTHER_VERBS.test(words);
}

/** The command line a git settings tool's call runs, or undefined when it is no such call. */
export function gitSettingLine(
  type: string,
  payload: Record<string, unknown> | undefined,
): string | undefined {
  if (!payload || !gitSettingToolName(type)) return undefined;
  let key: string | undefined;
  let value: string | undefined;
  let scope = "";
  let repo = "";
  for (const [name, raw] of Object.entries(payload)) {
    const text = typeof raw === "string"
      ? raw
      : typeof raw === "number" || typeof raw === "boolean"
      ? String(raw)
      : undefined;
    if (KEY_KEYS.test(name) && text !== undefined) key = text.trim();
    else if (VALUE_KEYS.test(name) && text !== undefined) value = text;
    else if (SCOPE_KEYS.test(name) && text !== undefined && SCOPES.test(text.trim().toLowerCase())) {
      scope = ` --${text.trim().toLowerCase()}`;
    } else if (/^(?:global|system)$/i.test(name) && typeof raw === "boolean") {
      scope = raw ? ` --${name.toLowerCase()}` : "";
    } else if (REPO_KEYS.test(name) && typeof raw === "string") {
      repo = raw.trim() === "" ? "" : ` -C ${quote(raw)}`;
    } else if (!QUIET_KEYS.test(name)) return undefined;
  }
  if (key === undefined || value === undefined || !SETTING.test(key)) return undefined;
  return `git${repo} config${scope} ${quote(key)} ${quote(value)}`;
}
