/** Rewrites an aliased tool's arguments into ours (`file_path` -> `path`, `new_string` -> `content`, a `shell`
 * argv array -> one command line), so the rest of Shield judges one vocabulary. Unmapped fields are kept. */

import type { CanonicalTool } from "./tool_aliases.ts";

type Payload = Record<string, unknown>;

const PATH_KEYS = [
  "path",
  "file_path",
  "filepath",
  // VS Code Copilot agent mode's file tools (round 43).
  "filePath",
  "filename",
  "file",
  "target_file",
  "absolute_path",
  "notebook_path",
  "relative_path",
  "target",
  "dir",
  "directory",
];
const CONTENT_KEYS = [
  "content",
  "contents",
  "file_text",
  "new_string",
  "new_str",
  "code_edit",
  "new_text",
  "newText",
  "text",
  "data",
  "body",
  "insert_text",
  "replacement",
  "patch",
  "diff",
  "input",
  "new_source",
  "edits",
  // Copilot agent mode: `replace_string_in_file {newString}`, `insert_edit_into_file {code}` (last: a write tool's
  // `code` is what it writes only when nothing else is).
  "newString",
  "code",
];
/** Keys naming the program alone when its arguments come apart. */
const PROGRAM_KEYS = ["program", "executable", "binary"];
const ARGS_KEYS = ["args", "arguments", "argv", "parameters", "params"];
/** One word: a program's name or path, not a command line. */
const isProgram = (value: unknown) => typeof value === "string" && /^[\w./~+-]{1,256}$/.test(value);
const isArguments = (value: unknown) =>
  (typeof value === "string" && value.length <= 64 * 1024) ||
  (Array.isArray(value) && value.length <= 256 && value.every((item) => typeof item === "string"));
/** Keys an envelope holds the call's arguments under (round 55). */
const NEST_KEYS = ["action", "params", "parameters", "input", "request"];
/** Other names a command line goes by (read as one by payload_fields.ts once the envelope is opened). */
const OTHER_COMMAND_KEY = /^(?:shell_?command|command_?line|cmd_?line|bash_command)$/i;
const isNestedCommand = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) &&
  (COMMAND_KEYS.some((key) => commandText((value as Payload)[key]) !== undefined) ||
    Object.keys(value).some((key) => OTHER_COMMAND_KEY.test(key)));
const COMMAND_KEYS = ["command", "cmd", "script", "commands", "cli_command", "input", "code", "args", "argv"];
const CODE_KEYS = [
  "code",
  "source",
  "program",
  "script",
  "input",
  "cmd",
  "command",
  "snippet",
  "expression",
  "cell",
  "cell_source",
];
const TASK_KEYS = ["prompt", "task", "description", "instructions", "message", "goal", "objective"];
/** Keys read only as the old text of an edit: they are not what gets written. */
const DROPPED = new Set(["old_string", "old_str", "oldText", "old_text", "oldString"]);

/** Quotes one argv word for a shell command line (only when it needs quoting). */
function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`;
}

/** A command given as a string, or as an argv array (`["bash", "-lc", "npm test"]`); an array that starts with an
 * option holds the shell tool's own arguments (`bash {args: ["-c", "..."]}`), so the shell is put in front. */
export function commandText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    const words = value.map((item) => quoteWord(item as string)).join(" ");
    return typeof value[0] === "string" && value[0].startsWith("-") ? `sh ${words}` : words;
  }
  return undefined;
}

/** Arguments holding a command line run after the tool's own (round 33: `{cmd: "state rm", then: "terraform apply
 * -auto-approve"}`, `{command: [...], and_then: "xargs ... DEL"}`): it runs too, so it is judged as a command. */
const FOLLOW_KEYS = /^(?:then|and_?then|next_?command|followed_?by|post_?command|on_?success)$/i;

export const isFollowKey = (key: string): boolean => FOLLOW_KEYS.test(key);

/** The command lines a payload's follow-up arguments hold. */
export function followCommands(payload: Payload): string[] {
  return Object.entries(payload).flatMap(([key, value]) =>
    FOLLOW_KEYS.test(key) ? [commandText(value)].filter((text): text is string => text !== undefined) : []
  );
}

function firstKey(payload: Payload, keys: string[], accept: (value: unknown) => boolean): string | undefined {
  return keys.find((key) => payload[key] !== undefined && accept(payload[key]));
}

const isText = (value: unknown) => typeof value === "string";
/** A whole value that is one web address. */
const ADDRESS = /^(?:https?:\/\/|www\.)[^\s]{1,2048}$/i;

/** Text written by an edit: strings, or `edits: [{newText}]`-style lists flattened. */
function writtenText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const parts = value.flatMap((item) =>
      typeof item === "string"
        ? [item]
        : item && typeof item === "object"
        ? Object.entries(item as Payload).filter(([key, inner]) =>
          !DROPPED.has(key) && typeof inner === "string"
        )
          .map(([, inner]) => inner as string)
        : []
    );
    return parts.join("\n");
  }
  return undefined;
}

/** The text an edit replaces (`old_string`, `edits: [{oldText}]`): kept apart as `removed`, never judged as
 * written content, so what an edit takes away (a security check) can be seen. */
function removedText(payload: Payload): string | undefined {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (DROPPED.has(key) && typeof value === "string") parts.push(value);
    if (Array.isArray(value)) {
      for (const item of value) {
        if (!item || typeof item !== "object") continue;
        for (const [inner, text] of Object.entries(item as Payload)) {
          if (DROPPED.has(inner) && typeof text === "string") parts.push(text);
        }
      }
    }
  }
  return parts.length > 0 ? parts.join("\n").slice(0, 64 * 1024) : undefined;
}

function rest(payload: Payload, used: Array<string | undefined>): Payload {
  const out: Payload = {};
  for (const [key, value] of Object.entries(payload)) {
    if (!used.includes(key) && !DROPPED.has(key)) out[key] = value;
  }
  return out;
}

/** The payload in our argument names for `tool`; `type` is the tool name as called. */
export function canonicalPayload(tool: CanonicalTool, payload: Payload): Payload {
  switch (tool) {
    case "execute_command": {
      const key = firstKey(payload, PROGRAM_KEYS, isProgram) ??
        firstKey(payload, COMMAND_KEYS, (value) => commandText(value) !== undefined);
      if (!key) {
        // Round 55: the command one level down (Codex's `local_shell {action: {type: "exec", command: [...]}}`).
        const nest = firstKey(payload, NEST_KEYS, isNestedCommand);
        if (!nest) return payload;
        const inner = { ...(payload[nest] as Payload) };
        const other = Object.keys(inner).find((name) => OTHER_COMMAND_KEY.test(name));
        if (other && !COMMAND_KEYS.some((name) => inner[name] !== undefined)) {
          inner.command = inner[other];
          delete inner[other];
        }
        return canonicalPayload(tool, { ...rest(payload, [nest]), ...inner });
      }
      // A program and its arguments given apart (`{command: "rm", args: ["-rf", "/x"]}`) are one command line.
      const argsKey = isProgram(payload[key]) ? firstKey(payload, ARGS_KEYS, isArguments) : undefined;
      if (argsKey) {
        const words = typeof payload[argsKey] === "string"
          ? `${payload[key]} ${payload[argsKey]}`
          : commandText([payload[key], ...(payload[argsKey] as string[])]);
        return { ...rest(payload, [key, argsKey]), command: words };
      }
      const follows = followCommands(payload);
      if (follows.length === 0) return { ...rest(payload, [key]), command: commandText(payload[key]) };
      const others = rest(payload, [key, ...Object.keys(payload).filter(isFollowKey)]);
      return { ...others, command: [commandText(payload[key]), ...follows].join(" && ") };
    }
    case "run_code": {
      const key = firstKey(payload, CODE_KEYS, isText);
      return key ? { ...rest(payload, [key]), code: payload[key] } : payload;
    }
    case "read_file":
    case "list_directory":
    case "delete_file": {
      const key = firstKey(payload, PATH_KEYS, isText);
      return key ? { ...rest(payload, [key]), path: payload[key] } : payload;
    }
    case "write_file":
    case "edit_file": {
      if (payload.command === "view") return { ...rest(payload, ["command"]) };
      const pathKey = firstKey(payload, PATH_KEYS, isText);
      const contentKey = firstKey(payload, CONTENT_KEYS, (value) => writtenText(value) !== undefined);
      const out = rest(payload, [pathKey, contentKey, tool === "edit_file" ? "command" : undefined]);
      if (pathKey) out.path = payload[pathKey];
      if (contentKey) out.content = writtenText(payload[contentKey]);
      const removed = removedText(payload);
      if (removed) out.removed = removed;
      return out;
    }
    case "http_request": {
      // The address under a key of another vocabulary (`address`, `link`, `page`): found by its shape.
      if (typeof payload.url === "string") return payload;
      const key = Object.keys(payload).find((name) =>
        isText(payload[name]) && ADDRESS.test(payload[name] as string)
      );
      return key ? { ...rest(payload, [key]), url: payload[key] } : payload;
    }
    case "create_agent":
    case "create_schedule": {
      const key = firstKey(payload, TASK_KEYS, isText);
      return key ? { ...rest(payload, [key]), task: payload[key] } : payload;
    }
    default:
      return payload;
  }
}

/** Whether an edit-tool call only views a file (`str_replace_editor` with `command: "view"`). */
export function isViewOnly(tool: CanonicalTool | undefined, payload: Payload): boolean {
  return (tool === "edit_file" || tool === "write_file") && payload.command === "view";
}
