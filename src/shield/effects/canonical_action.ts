/** An action restated in our vocabulary: aliased tools get our tool name and argument names; interpreter tools
 * become the command line that would run their code (`python3 -c '...'`), so the shell parser judges it. */

import { notebookShellLines } from "./notebook_escapes.ts";
import type { Action } from "../types.ts";
import { type CanonicalTool, programOfTool } from "./tool_aliases.ts";
import { canonicalPayload, commandText, followCommands, isFollowKey } from "./tool_payload.ts";
import { identifierWords, mcpParts } from "./words.ts";
import { iacCommand, iacProgramTool } from "./iac_tools.ts";
import { withEnvironment } from "./environment_arguments.ts";
import { LIST_KEYS, wordListKey } from "./cli_program_tools.ts";
import { programToolOf } from "./program_named_tools.ts";
import { matchesOf } from "../match_all.ts";
import { gitSettingLine } from "./git_setting_tools.ts";

export interface CanonicalAction {
  type: string;
  payload: Record<string, unknown>;
}

/** Which interpreter a code tool's name points at (python by default). */
function interpreterOf(type: string, payload: Record<string, unknown>): string {
  const language = languageOf(payload);
  const words = [...identifierWords(mcpParts(type)?.tool ?? type), language];
  if (words.some((word) => /^(?:js|javascript|node|nodejs|typescript|ts|deno)$/.test(word))) return "node -e";
  if (words.includes("ruby")) return "ruby -e";
  if (words.includes("perl")) return "perl -e";
  if (words.includes("php")) return "php -r";
  if (words.some((word) => /^(?:bash|sh|shell)$/.test(word))) return "bash -c";
  return "python3 -c";
}

/** The language a code tool's payload names (`language`, `lang`, `runtime`), lower-cased; "" when none. */
function languageOf(payload: Record<string, unknown>): string {
  const named = [payload.language, payload.lang, payload.runtime].find(isText);
  return named === undefined ? "" : named.toLowerCase();
}

/** Round 80: a generic run tool (`execute`, `run`, `exec`) given code and a programming language that is not a
 * shell (`{language: "python", code: "..."}`) runs that code in its interpreter, as a code tool does; its code was
 * read as a shell line before, so what it built and ran (`os.system(''.join(map(chr, [...])))`) went unread. */
const CODE_LANGUAGE = /^(?:python[23]?|py|javascript|js|node(?:js)?|typescript|ts|deno|ruby|rb|perl|pl|php)$/;
const LANGUAGE_CODE_KEYS = ["code", "source", "snippet", "program"] as const;

function runsCode(raw: Record<string, unknown>): boolean {
  return CODE_LANGUAGE.test(languageOf(raw)) && !isText(raw.command) && !isText(raw.cmd) &&
    LANGUAGE_CODE_KEYS.some((key) => isText(raw[key]));
}

const quote = (text: string) => `'${text.replaceAll("'", `'"'"'`)}'`;

const PATCH_KEYS = ["content", "diff", "patch", "text", "body", "message"] as const;
const isText = (value: unknown): value is string => typeof value === "string";

/** Paths a unified diff or an `apply_patch` envelope changes. */
function patchPaths(text: string): string[] {
  const found = new Set<string>();
  // A header keeps its meaning in any case and after a short lead-in on its line (`IMPORTANT: *** Update File: ...`).
  // Round 39: also with its verb marked up, split by a zero-width joiner, a filler word or a line break (`*** <b>Add</b>
  // File: x.js`, `*** Add now File: x.js`), read as the file it names.
  const plain = text.replace(
    /[\u200b-\u200d\u2060\ufeff]|<!--.*?-->|<\/?b>|\*\*(?=[a-z])|(?<=[a-z])\*\*/gi,
    "",
  );
  for (
    const match of plain.matchAll(
      /^(?:.{0,60}?\*\*\* (?:add|update|delete)(?:[ \t]+[a-z]+)?\s{1,3}file: |\+\+\+ (?:b\/)?)(\S+)/gim,
    )
  ) {
    if (match[1] !== "/dev/null") found.add(match[1]);
  }
  return [...found];
}

/** The lines a patch adds (`+`) or takes out (`-`), unmarked (the header lines `+++ b/...`, `--- a/...` aside). */
function markedLines(text: string, mark: "+" | "-"): string {
  const lines: string[] = [];
  const header = `${mark}${mark}${mark} `;
  for (const line of text.split("\n")) {
    if (line.startsWith(mark) && !line.startsWith(header)) lines.push(line.slice(1));
  }
  return lines.join("\n");
}

/** Cline's `replace_in_file` blocks: what each `SEARCH` part finds and its `REPLACE` part writes (`<<<<<<< SEARCH` ...
 * `>>>>>>> REPLACE`, and `------- SEARCH` ... `+++++++ REPLACE` of its later versions, round 56). */
const SEARCH_REPLACE =
  /^[ \t]*(?:<{5,}|-{5,}) SEARCH[ \t]*\n([\s\S]*?)\n?^[ \t]*={5,}[ \t]*\n([\s\S]*?)\n?^[ \t]*(?:>{5,}|\+{5,}) REPLACE[ \t]*$/gm;

function searchReplace(text: string): { removed: string; content: string } | undefined {
  if (!text.includes("SEARCH") || !text.includes("REPLACE")) return undefined;
  const found = [...matchesOf(SEARCH_REPLACE, text)];
  if (found.length === 0) return undefined;
  return {
    removed: found.map((match) => match[1]).join("\n"),
    content: found.map((match) => match[2]).join("\n"),
  };
}

function toolType(tool: CanonicalTool): string {
  switch (tool) {
    case "edit_file":
      return "write_file";
    case "run_code":
      return "execute_command";
    case "computer":
    case "agent_todo":
    case "web_search":
      return tool;
    default:
      return tool;
  }
}

/** A copy program's operands given as fields (`scp {source, destination}`), as its command line's words. */
function copyOperands(payload: Record<string, unknown>): string {
  const { source, destination } = payload;
  return isText(source) && isText(destination) ? `${quote(source)} ${quote(destination)}` : "";
}

export function canonicalAction(action: Action, tool: CanonicalTool | undefined): CanonicalAction {
  return environmentSet(restatedAction(action, tool));
}

/** A command's environment argument set before it, as a shell line would (round 42): what the command runs with.
 * For our own `execute_command` too. */
export function environmentSet(action: CanonicalAction): CanonicalAction {
  const command = action.payload.command;
  if (action.type !== "execute_command" || typeof command !== "string") return action;
  const set = withEnvironment(action.payload, command);
  if (set.keys.length === 0) return action;
  const payload: Record<string, unknown> = { ...action.payload, command: set.command };
  for (const key of set.keys) delete payload[key];
  return { type: action.type, payload };
}

function restatedAction(action: Action, tool: CanonicalTool | undefined): CanonicalAction {
  const type = typeof action.type === "string" ? action.type : "";
  const raw = action.payload && typeof action.payload === "object" && !Array.isArray(action.payload)
    ? action.payload as Record<string, unknown>
    : {};
  if (!tool) return { type, payload: raw };
  const setting = tool === "execute_command" ? gitSettingLine(type, raw) : undefined;
  if (setting !== undefined) return { type: "execute_command", payload: { command: setting } };
  if (tool === "execute_command" && runsCode(raw)) tool = "run_code";
  if ((tool === "edit_file" || tool === "write_file") && raw.command === "view") {
    const { command: _view, ...others } = raw;
    return { type: "read_file", payload: canonicalPayload("read_file", others) };
  }
  const payload = canonicalPayload(tool, raw);
  const program = programOfTool(mcpParts(type)?.tool ?? type) ??
    programToolOf(mcpParts(type)?.tool ?? type, raw);
  const iac = tool === "execute_command" ? iacProgramTool(type) : undefined;
  if (iac) return { type: "execute_command", payload: { ...payload, command: iacCommand(iac, raw) } };
  if (tool === "execute_command" && program !== undefined) {
    // `kubectl {args: ["get", "pods"]}` runs `kubectl get pods`; with an argument list, its `input`/`stdin` text is
    // what the command reads, not the command (round 33: `kubectl {argv: ["apply", "-f", "-"], input: "..."}`).
    // A subcommand given apart (`{command: "delete", args: [...]}`) is joined by canonicalPayload, as before.
    const apart = typeof raw.command === "string" || typeof raw.cmd === "string" ||
      typeof raw.subcommand === "string";
    // Round 49: an `arguments` list too (`git {arguments: ["status"]}`); round 51: a `cmd` list or one string of words.
    const list = apart ? undefined : LIST_KEYS.find((key) => Array.isArray(raw[key])) ?? wordListKey(raw);
    const listed = list === undefined ? undefined : commandText(raw[list])?.replace(/^sh (?=-)/, "");
    const words = listed ?? (typeof payload.command === "string" ? payload.command : copyOperands(payload));
    const named = words === program || words.startsWith(`${program} `);
    const { [list ?? "args"]: _list, ...others } = listed === undefined ? payload : raw;
    const line = named ? words : `${program} ${words}`.trim();
    if (listed === undefined) return { type: "execute_command", payload: { ...others, command: line } };
    // Round 51: a command to run after it (`{args: [...], then: "..."}`) runs too, as canonicalPayload joins it.
    const follows = followCommands(raw);
    for (const key of Object.keys(others)) if (isFollowKey(key)) delete others[key];
    return { type: "execute_command", payload: { ...others, command: [line, ...follows].join(" && ") } };
  }
  if (tool === "run_code" && typeof payload.code === "string") {
    const { code, ...others } = payload;
    return {
      type: "execute_command",
      payload: {
        ...others,
        command: [
          `${interpreterOf(type, raw)} ${quote(code as string)}`,
          ...notebookShellLines(code as string),
        ]
          .join(" ; "),
      },
    };
  }
  // The patch text: under `content`, or (round 39) another text key a patch tool names it by (`diff`, `text`).
  const patch = payload.path === undefined ? PATCH_KEYS.map((key) => payload[key]).find(isText) : undefined;
  if ((tool === "edit_file" || tool === "write_file") && patch !== undefined) {
    const paths = patchPaths(patch);
    if (paths.length > 0) {
      // What the patch writes is its added lines, without the `+` that marks them (`+replace x => y` in go.mod).
      // Its taken-out lines are what it removes (a check, a scan step), kept apart as an edit's old text is.
      const content = markedLines(patch, "+");
      const removed = payload.removed ?? (markedLines(patch, "-") || undefined);
      return {
        type: "write_file",
        payload: {
          ...payload,
          path: paths[0],
          paths: paths.slice(1),
          content,
          ...(removed ? { removed } : {}),
        },
      };
    }
  }
  if ((tool === "edit_file" || tool === "write_file") && typeof payload.content === "string") {
    const blocks = payload.removed === undefined ? searchReplace(payload.content) : undefined;
    if (blocks) return { type: "write_file", payload: { ...payload, ...blocks } };
  }
  if (tool === "computer") {
    const typed = raw.action === "type" && typeof raw.text === "string" ? raw.text : undefined;
    return { type: "computer", payload: typed ? { command: typed } : raw };
  }
  if (
    (tool === "write_file" || tool === "edit_file") && payload.path === undefined &&
    payload.content === undefined
  ) {
    return { type: "read_file", payload };
  }
  return { type: toolType(tool), payload };
}
