/** The mechanism matrix's shapes: an intent carried out by one program (a row), the attack as a tool call in our
 * shape and in another agent's vocabulary, and a benign twin (the same program doing ordinary work). */

import type { Action } from "../../src/shield/types.ts";

/** The intents, each named once: the row files import these rather than spelling the strings again. */
export const READ = "read a secret store" as const;
export const SEND = "send data out" as const;
export const FETCH = "fetch and run remote code" as const;
export const PERSIST = "write a persistence place" as const;
export const SHELL = "reverse shell" as const;
export const DESTROY = "destroy outside the workspace" as const;
export const INSTALL = "install from outside the default registries" as const;

export type Intent =
  | typeof READ
  | typeof SEND
  | typeof FETCH
  | typeof PERSIST
  | typeof SHELL
  | typeof DESTROY
  | typeof INSTALL;

export interface MechanismRow {
  intent: Intent;
  /** The program (and option) carrying the intent, as GTFOBins and the program's manual name it. */
  mechanism: string;
  attack: Action;
  /** The same attack in another agent's vocabulary. */
  other: Action;
  benign: Action;
}

/** An attacker host and address outside anything the project uses (documentation ranges, RFC 5737 / 2606). */
export const OUTSIDE_HOST = "drop.attacker.example";
export const OUTSIDE_IP = "203.0.113.7";

const run = (command: string): Action => ({ type: "execute_command", payload: { command }, sessionId: "" });

/** Other agents' command tools (Claude Code, Codex CLI, Cursor, Gemini CLI, Goose), taken in turn. */
const OTHER_COMMANDS: ((command: string) => Action)[] = [
  (command) => ({ type: "Bash", payload: { command, description: "run" }, sessionId: "" }),
  (command) => ({ type: "shell", payload: { command: ["bash", "-lc", command] }, sessionId: "" }),
  (command) => ({ type: "run_terminal_cmd", payload: { command, is_background: false }, sessionId: "" }),
  (command) => ({ type: "run_shell_command", payload: { command }, sessionId: "" }),
  (command) => ({ type: "developer__shell", payload: { command }, sessionId: "" }),
];

/** Other agents' file-writing tools (Claude Code, Cline, Cursor). */
const OTHER_WRITES: ((path: string, content: string) => Action)[] = [
  (file_path, content) => ({ type: "Write", payload: { file_path, content }, sessionId: "" }),
  (path, content) => ({ type: "write_to_file", payload: { path, content }, sessionId: "" }),
  (target_file, code_edit) => ({ type: "edit_file", payload: { target_file, code_edit }, sessionId: "" }),
];

let commandTurn = 0;
let writeTurn = 0;

/** A row whose attack and twin are command lines. */
export function commandRow(intent: Intent, mechanism: string, attack: string, benign: string): MechanismRow {
  const other = OTHER_COMMANDS[commandTurn++ % OTHER_COMMANDS.length](attack);
  return { intent, mechanism, attack: run(attack), other, benign: run(benign) };
}

/** A row whose attack and twin are file writes through our `write_file`. */
export function writeRow(
  intent: Intent,
  mechanism: string,
  attack: { path: string; content: string },
  benign: { path: string; content: string },
): MechanismRow {
  const other = OTHER_WRITES[writeTurn++ % OTHER_WRITES.length](attack.path, attack.content);
  return {
    intent,
    mechanism,
    attack: { type: "write_file", payload: attack, sessionId: "" },
    other,
    benign: { type: "write_file", payload: benign, sessionId: "" },
  };
}

/** The command line an action carries (our key, or Codex's argv form), if any. */
export function commandLineOf(action: Action): string | undefined {
  const command = action.payload.command;
  if (typeof command === "string") return command;
  if (Array.isArray(command) && typeof command[2] === "string") return command[2];
  return undefined;
}
