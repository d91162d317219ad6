/** Shapes shared by the supply-chain and MCP poisoning matrices (round 11b): a row is an intent carried by one
 * mechanism, the attack in our tool shape and in another agent's vocabulary (taken in turn), and a benign twin. */

import type { Action } from "../../src/shield/types.ts";

export interface MatrixRow {
  intent: string;
  /** The ecosystem and mechanism carrying the intent (the program, file or tool shape). */
  mechanism: string;
  attack: Action;
  /** The same attack in another agent's vocabulary. */
  other: Action;
  benign: Action;
}

const action = (type: string, payload: Record<string, unknown>): Action => ({ type, payload, sessionId: "" });

/** Command tools of other agents: Claude Code `Bash`, Codex `shell` argv, Cursor `run_terminal_cmd`, Gemini CLI
 * `run_shell_command`, Goose `developer__shell`, and an MCP terminal server's tool. */
export const OTHER_COMMANDS: ((command: string) => Action)[] = [
  (command) => action("Bash", { command, description: "Set up the dependency" }),
  (command) => action("shell", { command: ["bash", "-lc", command], workdir: "/home/dev/project" }),
  (command) => action("run_terminal_cmd", { command, is_background: false, explanation: "install" }),
  (command) => action("run_shell_command", { command, description: "install" }),
  (command) => action("developer__shell", { command }),
  (command) => action("mcp__terminal__run_command", { command, cwd: "/home/dev/project" }),
];

/** The text a Codex `apply_patch` adds as a new file. */
export function addFilePatch(path: string, content: string): string {
  const lines = content.replace(/\n$/, "").split("\n").map((line) => `+${line}`);
  return ["*** Begin Patch", `*** Add File: ${path}`, ...lines, "*** End Patch"].join("\n");
}

/** File-writing tools of other agents: Claude Code `Write` and `Edit`, Codex `apply_patch`, Gemini CLI
 * `write_file`, Cursor `edit_file`, Cline `write_to_file`, the MCP filesystem server's `write_file`. */
export const OTHER_WRITES: ((path: string, content: string) => Action)[] = [
  (file_path, content) => action("Write", { file_path, content }),
  (file_path, content) =>
    action("Edit", { file_path, old_string: "", new_string: content, replace_all: false }),
  (path, content) => action("apply_patch", { input: addFilePatch(path, content) }),
  (file_path, content) => action("write_file", { file_path, content }),
  (target_file, code_edit) =>
    action("edit_file", { target_file, instructions: "Update the file", code_edit }),
  (path, content) => action("write_to_file", { path, content }),
  (path, content) => action("mcp__filesystem__write_file", { path, content }),
];

let commandTurn = 0;
let writeTurn = 0;

/** A row whose attack and twin are command lines (`execute_command {command}` in our shape). */
export function commandRow(intent: string, mechanism: string, attack: string, benign: string): MatrixRow {
  const other = OTHER_COMMANDS[commandTurn++ % OTHER_COMMANDS.length](attack);
  return {
    intent,
    mechanism,
    attack: action("execute_command", { command: attack }),
    other,
    benign: action("execute_command", { command: benign }),
  };
}

export interface FileText {
  path: string;
  content: string;
}

/** A row whose attack and twin write a file (`write_file {path, content}` in our shape). */
export function writeRow(intent: string, mechanism: string, attack: FileText, benign: FileText): MatrixRow {
  const other = OTHER_WRITES[writeTurn++ % OTHER_WRITES.length](attack.path, attack.content);
  return {
    intent,
    mechanism,
    attack: action("write_file", { ...attack }),
    other,
    benign: action("write_file", { ...benign }),
  };
}

/** A row whose attack, other shape and twin are given whole (MCP calls, results, registrations). */
export function toolRow(
  intent: string,
  mechanism: string,
  attack: Action,
  other: Action,
  benign: Action,
): MatrixRow {
  return { intent, mechanism, attack, other, benign };
}

export { action };

/** The command line an action carries (our key, or Codex's argv form), if any. */
export function commandLineOf(item: Action): string | undefined {
  const command = item.payload.command;
  if (typeof command === "string") return command;
  if (Array.isArray(command) && typeof command[2] === "string") return command[2];
  return undefined;
}
