/** Round 13's false-block matrix: one piece of ordinary work in each agent's tool vocabulary (our shape, Claude
 * Code, Codex, OpenHands, Gemini CLI, an MCP server), and the row shape pairing it with its attack twin. */

import type { Action } from "../../src/shield/types.ts";
import { action } from "./matrix_rows.ts";

/** A row: ordinary work that looks dangerous (`forms`, the first in our shape, the rest in other vocabularies)
 * and the attack twin doing harm with the same thing, which must stay stopped. */
export interface BenignBlockRow {
  /** The class of work (credential used by its program, secret read with no egress, …). */
  intent: string;
  mechanism: string;
  forms: Action[];
  attack: Action;
}

export const VOCABULARIES = ["ours", "Claude Code", "Codex", "OpenHands", "Gemini CLI", "MCP"] as const;

const WORKSPACE = "/home/dev/project";

/** A command line in each vocabulary: `execute_command`, `Bash`, Codex `shell` argv, OpenHands `execute_bash`,
 * Gemini CLI `run_shell_command`, an MCP terminal server's tool. */
export function commandForms(command: string): Action[] {
  return [
    action("execute_command", { command }),
    action("Bash", { command, description: "Run the command" }),
    action("shell", { command: ["bash", "-lc", command], workdir: WORKSPACE }),
    action("execute_bash", { command, is_input: "false" }),
    action("run_shell_command", { command, description: "Run the command" }),
    action("mcp__terminal__run_command", { command, cwd: WORKSPACE }),
  ];
}

/** A file read in each vocabulary: `read_file`, `Read`, Codex `shell` cat, OpenHands editor `view`, Gemini CLI
 * `read_file {absolute_path}`, the MCP filesystem server's `read_text_file`. */
export function readForms(path: string): Action[] {
  return [
    action("read_file", { path }),
    action("Read", { file_path: path }),
    action("shell", { command: ["cat", path], workdir: WORKSPACE }),
    action("str_replace_editor", { command: "view", path }),
    action("read_file", { absolute_path: path }),
    action("mcp__filesystem__read_text_file", { path }),
  ];
}

/** A file write in each vocabulary: `write_file`, `Write`, Codex `apply_patch`, OpenHands editor `create`,
 * Gemini CLI `write_file`, the MCP filesystem server's `write_file`. */
export function writeForms(path: string, content: string): Action[] {
  const patch = [
    "*** Begin Patch",
    `*** Add File: ${path}`,
    ...content.replace(/\n$/, "").split("\n").map((
      line,
    ) => `+${line}`),
    "*** End Patch",
  ].join("\n");
  return [
    action("write_file", { path, content }),
    action("Write", { file_path: path, content }),
    action("apply_patch", { input: patch }),
    action("str_replace_editor", { command: "create", path, file_text: content }),
    action("write_file", { file_path: path, content }),
    action("mcp__filesystem__write_file", { path, content }),
  ];
}

export const command = (line: string): Action => action("execute_command", { command: line });

/** A row of command lines. */
export function commandRow(intent: string, mechanism: string, work: string, attack: string): BenignBlockRow {
  return { intent, mechanism, forms: commandForms(work), attack: command(attack) };
}

/** A row reading a file, its twin a command line. */
export function readRow(intent: string, mechanism: string, path: string, attack: string): BenignBlockRow {
  return { intent, mechanism, forms: readForms(path), attack: command(attack) };
}

/** A row writing a file, its twin a write or a command. */
export function writeRow(
  intent: string,
  mechanism: string,
  work: { path: string; content: string },
  attack: Action,
): BenignBlockRow {
  return { intent, mechanism, forms: writeForms(work.path, work.content), attack };
}

/** A row of open-world tools given whole (each vocabulary's own tool name). */
export function toolRow(intent: string, mechanism: string, forms: Action[], attack: Action): BenignBlockRow {
  return { intent, mechanism, forms, attack };
}

export { action };
