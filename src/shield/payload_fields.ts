/** Sorts an action's payload strings into the kinds Shield judges (shell command, path, url, outbound
 * text, ...) by tool and argument name, so MCP and unknown tools are judged by the same rules. */

import type { Action } from "./types.ts";
import { identifierWords } from "./effects/words.ts";
import { ownTable } from "../lib/own_table.ts";
import { commandLine, programLine, shellNamedTool, TYPED_KEYS } from "./payload_commands.ts";
import { hookCommand } from "./hook_commands.ts";

export type PayloadKind =
  | "shell"
  | "code"
  | "path"
  | "write_path"
  | "url"
  | "header"
  | "recipient"
  | "outbound"
  | "content"
  | "task"
  | "query";

export interface PayloadField {
  kind: PayloadKind;
  key: string;
  value: string;
  /** Round 73: a command line found inside a nested object of an open-world tool (a queued job's `cmd`): judged as
   * the command it is, but the files it names are not files the tool itself sends. */
  nested?: boolean;
}

const MAX_STRINGS = 256;
const MAX_DEPTH = 5;

const WRITE_TOOLS = new Set([
  "write_file",
  "delete_file",
  "move_file",
  "create_directory",
  "browser_screenshot",
]);
const OUTBOUND_TOOLS = new Set([
  "http_request",
  "send_email",
  "send_message",
  "browser_type",
  "create_event",
  "update_event",
]);
const TASK_TOOLS = new Set(["create_agent", "agent_message", "create_schedule"]);
const WRITE_VERBS =
  /write|delete|remove|move|rename|create|edit|put|save|append|patch|mkdir|symlink|(?:^|_)(?:init|clone|extract|unzip|untar|checkout)(?:_|$)|(?:^|_)rm(?:_|$)/;

const KEY_KINDS: Record<string, PayloadKind> = ownTable({
  command: "shell",
  cmd: "shell",
  cli_command: "shell",
  shell_command: "shell",
  commandline: "shell",
  command_line: "shell",
  cmdline: "shell",
  bash_command: "shell",
  script: "shell",
  shell: "shell",
  // Round 79: a list of command lines (`ShellTool {commands: [...]}`), each element a command.
  commands: "shell",
  cmds: "shell",
  shell_commands: "shell",
  bash_commands: "shell",
  scripts: "shell",
  code: "code",
  sql: "code",
  statement: "code",
  path: "path",
  paths: "path",
  attachment: "path",
  attachments: "path",
  media_path: "path",
  source: "path",
  destination: "path",
  file: "path",
  dir: "path",
  target: "path",
  filename: "path",
  filepath: "path",
  file_path: "path",
  directory: "path",
  cwd: "path",
  url: "url",
  uri: "url",
  href: "url",
  endpoint: "url",
  link: "url",
  webhook: "url",
  to: "recipient",
  cc: "recipient",
  bcc: "recipient",
  recipient: "recipient",
  recipients: "recipient",
  attendees: "recipient",
  task: "task",
  prompt: "task",
  instructions: "task",
  pattern: "query",
  query: "query",
});

/** Round 83: task keys of agent frameworks, read as the task for a tool named for agents or delegation. */
const TASK_SYNONYMS = new Set(["goal", "objective"]);
const DELEGATING_NAME =
  /(?:^|_)(?:agent|agents|subagent|sub_agent|delegate|delegation|handoff|crew|worker|subtask|assistant)(?:_|$)/;

const IGNORED_KEYS = new Set([
  "selector",
  "id",
  "limit",
  "timeout",
  "method",
  "mode",
  "folder",
  "cron",
  "force",
  "removed",
]);

const URL_SHAPE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s]+$/i;
const EMAIL_SHAPE = /^[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
const PATH_SHAPE = /^(?:~[a-z_-]*|\.{1,2})?\/[^\s]*$|^~$/i;
const PATH_KEY = /(?:^|_)(?:path|paths|file|files|dir|directory)$/i;
/** Round 69: a rooted path on one line under a path key may hold spaces (`Application Support`, `User Data`,
 * `Login Data`): POSIX and home roots, drive letters, Windows environment folders. */
const ROOTED_PATH = /^(?:~|\/|[a-z]:[\\/]|%[a-z_]+%|\$env:|\$\{?home\b)[^\n]{0,1024}$/i;

/** The kind of a string of an open-world tool, from its shape: URLs, addresses and paths wherever they sit. */
function shapeKind(key: string, value: string): PayloadKind | undefined {
  if (value.length > 2048) return undefined;
  if (URL_SHAPE.test(value)) return /^file:/i.test(value) ? "path" : "url";
  if (EMAIL_SHAPE.test(value)) return "recipient";
  if (PATH_SHAPE.test(value) || (PATH_KEY.test(key) && (!/\s/.test(value) || ROOTED_PATH.test(value)))) {
    return "path";
  }
  return undefined;
}

/** The kind of one string, from its tool and key. */
function kindOf(
  type: string,
  key: string,
  mcp: boolean,
  value?: string,
  verbName = type.toLowerCase(),
): PayloadKind | undefined {
  const lower = key.toLowerCase();
  if (IGNORED_KEYS.has(lower)) return undefined;
  const byKey = KEY_KINDS[lower];
  // Round 92: a hook, callback or step argument holding a command line runs it (`post_hook: "bash -c ..."`).
  if (mcp && value !== undefined && byKey === undefined && hookCommand(key, value)) return "shell";
  if (mcp && value !== undefined && (byKey === undefined || byKey === "recipient")) {
    const shaped = shapeKind(lower, value);
    if (shaped === "path") return WRITE_VERBS.test(verbName) ? "write_path" : "path";
    if (shaped) return shaped;
  }
  if (byKey === "path") {
    const writes = WRITE_TOOLS.has(type) || (type === "copy_file" && lower === "destination") ||
      (type === "memory_write") || (mcp && WRITE_VERBS.test(verbName));
    return writes ? "write_path" : "path";
  }
  if (byKey === "query" && !/^(?:grep_files|search_files|email_search|memory_search)$/.test(type) && !mcp) {
    return "content";
  }
  // An editor's note on the edit it applies (Cursor's `edit_file` `instructions`) describes the written text, like
  // a `description`; it is no task handed to an agent (round 23).
  if (byKey === "task" && lower === "instructions" && WRITE_TOOLS.has(type)) return "content";
  if (byKey) return byKey;
  // Round 83: a tool that hands work to an agent takes its task under the words agent frameworks use too (CrewAI's
  // and OpenAI Agents' `goal`, `objective`), as under `task`, `prompt` or `instructions`.
  if (TASK_SYNONYMS.has(lower) && DELEGATING_NAME.test(verbName)) return "task";
  // Round 69: a known reading tool's other path keys (Gemini CLI's `read_file {absolute_path}`) are paths too; a
  // writing or moving tool's (`source_path` of a move) keep their older reading.
  if (
    !mcp && value !== undefined && !WRITE_TOOLS.has(type) && type !== "copy_file" && PATH_KEY.test(lower) &&
    shapeKind(lower, value) === "path"
  ) {
    return "path";
  }
  if (lower === "headers") return "header";
  if (TASK_TOOLS.has(type)) return "task";
  if (OUTBOUND_TOOLS.has(type) || mcp) return "outbound";
  return "content";
}

/** Keys whose value is a command line (a program beside an argument list may sit under one). */
const isCommandKey = (key: string) => KEY_KINDS[key.toLowerCase()] === "shell";

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/** Every string in the payload with its kind. Bounded in depth and count. */
export function payloadFields(action: Action): PayloadField[] {
  const fields: PayloadField[] = [];
  const type = typeof action.type === "string" ? action.type : "";
  const mcp = type.startsWith("mcp__") || !KNOWN_TOOLS.has(type);
  // Verbs are looked for in the name's words (`mcp__git__gitInit` initialises).
  const verbName = mcp ? identifierWords(type).join("_") : type;
  const visit = (value: unknown, key: string, depth: number) => {
    if (fields.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof value === "string") {
      const kind = key === "headers" ? "header" : kindOf(type, key, mcp, value, verbName);
      if (kind) fields.push({ kind, key, value });
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key, depth + 1);
    } else if (value && typeof value === "object") {
      const kind = depth === 0 && key !== "headers" ? kindOf(type, key, mcp, undefined, verbName) : undefined;
      if (kind === "outbound" || kind === "content" || kind === "task") {
        fields.push({ kind, key, value: stringify(value) });
        // An open-world tool's nested object is judged as one text, and the paths in it as paths
        // (`options: {include_local_files: ["~/.aws/credentials"]}`); round 73: the command lines it holds under a
        // command key at any depth as commands (`spawn_worker {job: {type: "shell", cmd: "iptables -F"}}`, a batch
        // job's `containerOverrides: {command: ["sh", "-c", ...]}`), as its arrays' objects already were.
        if (mcp) visitShapes(value, depth + 1);
        if (mcp) visitCommands(value, depth + 1);
        return;
      }
      // Round 79: a listed step's program and arguments or `run` line (`steps: [{run: "go test ./..."}]`) is a
      // command line.
      const started = depth > 0 && key !== "headers"
        ? programLine(value as Record<string, unknown>, isCommandKey)
        : undefined;
      if (started) fields.push({ kind: "shell", key: started.keys[0], value: started.line, nested: true });
      for (const [name, inner] of Object.entries(value)) {
        if (key === "headers") fields.push({ kind: "header", key, value: `${name}: ${String(inner)}` });
        else if (started?.keys.includes(name)) continue;
        else if (
          name === "run" && depth > 0 && typeof inner === "string" && commandLine(inner) !== undefined
        ) {
          fields.push({ kind: "shell", key: name, value: inner, nested: true });
        } else visit(inner, name, depth + 1);
      }
    }
  };
  const visitShapes = (value: unknown, depth: number) => {
    if (fields.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof value === "string") {
      // Paths only: the nested object's addresses are read from its text (its links), as before.
      const shaped = value.length >= 3 && !URL_SHAPE.test(value) ? shapeKind("", value) : undefined;
      if (shaped === "path") {
        fields.push({ kind: WRITE_VERBS.test(verbName) ? "write_path" : "path", key: "", value });
      }
    } else if (Array.isArray(value)) value.forEach((item) => visitShapes(item, depth + 1));
    else if (value && typeof value === "object") {
      for (const inner of Object.values(value)) visitShapes(inner, depth + 1);
    }
  };
  const visitCommands = (value: unknown, depth: number) => {
    if (fields.length >= MAX_STRINGS || depth > MAX_DEPTH || value === null || typeof value !== "object") {
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 16)) visitCommands(item, depth + 1);
      return;
    }
    const started = programLine(value as Record<string, unknown>, isCommandKey);
    if (started) fields.push({ kind: "shell", key: started.keys[0], value: started.line, nested: true });
    for (const [name, inner] of Object.entries(value).slice(0, 32)) {
      if (started?.keys.includes(name)) continue;
      const line = KEY_KINDS[name.toLowerCase()] === "shell" || name === "run" ||
          (typeof inner === "string" && KEY_KINDS[name.toLowerCase()] === undefined &&
            hookCommand(name, inner))
        ? commandLine(inner)
        : undefined;
      if (line !== undefined) fields.push({ kind: "shell", key: name, value: line, nested: true });
      else visitCommands(inner, depth + 1);
    }
  };
  const payload = action.payload && typeof action.payload === "object" ? action.payload : {};
  const started = Array.isArray(payload)
    ? undefined
    : programLine(payload as Record<string, unknown>, isCommandKey);
  if (started) fields.push({ kind: "shell", key: started.keys[0], value: started.line });
  // Round 83: checks look at the first few texts, so fields a caller puts before the ones Shield reads by name (a
  // `request_id`, a `locale`, `metadata` ahead of `path` and `content`) must not push those out of their sight: the
  // fields of unknown keys before the first known key go after the rest, in their order.
  const entries = Object.entries(payload);
  const first = entries.findIndex(([key]) => KEY_KINDS[key.toLowerCase()] !== undefined);
  const ordered = first > 0 ? [...entries.slice(first), ...entries.slice(0, first)] : entries;
  for (const [key, value] of ordered) {
    if (started?.keys.includes(key)) continue;
    visit(value, key, 0);
  }
  if (mcp && !fields.some((field) => field.kind === "shell")) {
    const words = identifierWords(type);
    if (shellNamedTool(words)) {
      for (const [key, value] of Object.entries(payload)) {
        if (TYPED_KEYS.has(key.toLowerCase()) && typeof value === "string" && value.length <= 16 * 1024) {
          fields.push({ kind: "shell", key, value: value.replace(/\r?\n$/, "") });
        }
      }
    }
  }
  return fields;
}

export const KNOWN_TOOLS = new Set([
  "read_file",
  "write_file",
  "delete_file",
  "move_file",
  "copy_file",
  "list_directory",
  "create_directory",
  "search_files",
  "grep_files",
  "execute_command",
  "git_status",
  "git_diff",
  "git_log",
  "git_commit",
  "git_push",
  "http_request",
  "browser_navigate",
  "browser_click",
  "browser_type",
  "browser_extract",
  "browser_screenshot",
  "send_email",
  "email_list",
  "email_read",
  "email_search",
  "email_mark",
  "email_move",
  "read_calendar",
  "create_event",
  "update_event",
  "delete_event",
  "memory_write",
  "memory_search",
  "create_schedule",
  "list_schedules",
  "delete_schedule",
  "create_agent",
  "agent_status",
  "agent_result",
  "agent_message",
  "delete_agent",
  "list_agents",
  "send_message",
]);
