/** The command-line metamorphic transforms, by name, and where they apply: the command line of a shell-running
 * action (`command`/`cmd` of execute_command, bash, run_command, run_terminal_cmd, shell, cron tools, …). */

import type { Action } from "../../src/shield/types.ts";
import { type LineTransform, WORD_TRANSFORMS } from "./metamorphic_shell_words.ts";
import { LINE_TRANSFORMS } from "./metamorphic_shell_lines.ts";

export const SHELL_TRANSFORMS: Record<string, LineTransform> = { ...WORD_TRANSFORMS, ...LINE_TRANSFORMS };

/** Tool names whose `command`/`cmd` is a bash line (not PowerShell, Redis, a container or a device). */
const SHELL_TOOL = /bash|shell|terminal|command|cmd|exec|^run$|cron|schedul/i;
const NOT_SHELL = /powershell|redis|docker|smartthings|garage|xdotool|str_replace|terraform|notes/i;

/** The payload key holding the action's bash line, when it has one. */
export function commandKey(action: Action): "command" | "cmd" | undefined {
  if (!SHELL_TOOL.test(action.type) || NOT_SHELL.test(action.type)) return undefined;
  // A command with an argument array is run without a shell: respelling its program name changes what runs.
  if (Array.isArray(action.payload.args) || Array.isArray(action.payload.arguments)) return undefined;
  for (const key of ["command", "cmd"] as const) {
    if (typeof action.payload[key] === "string" && (action.payload[key] as string).trim() !== "") return key;
  }
  return undefined;
}

/** The action with its command line transformed, or undefined when the transform does not apply. */
export function transformAction(action: Action, transform: LineTransform): Action | undefined {
  const key = commandKey(action);
  if (!key) return undefined;
  const line = action.payload[key] as string;
  const changed = transform(line);
  if (changed === undefined || changed === line) return undefined;
  return { ...action, payload: { ...action.payload, [key]: changed } };
}
