/** Command lines held in a tool's arguments: a string or an argv array under a command key, a program beside an
 * argument list (round 79), and the tools whose name says their one text argument is a command line. Read by
 * `payload_fields.ts`. */

/** A command line held under a command key: a string, or an argv array (`["sh", "-c", "..."]`) joined with its
 * spaced words quoted. A one-word value (a device's `command: "on"`) is no command line. */
export function commandLine(value: unknown): string | undefined {
  if (typeof value === "string") {
    return /\S\s+\S/.test(value) && value.length <= 16 * 1024 ? value : undefined;
  }
  if (!Array.isArray(value) || value.length < 2 || value.length > 64) return undefined;
  if (!value.every((item) => typeof item === "string")) return undefined;
  return value.map((item) => /[\s'"]/.test(item) ? `'${item.replaceAll("'", "'\\''")}'` : item).join(" ");
}

/** Round 79: keys naming the program a process tool starts, and keys holding its argument list
 * (`run_process {executable: "sh", args: ["-c", "..."]}`, `spawn {program, argv}`, `{command: "sh", args: [...]}`). */
const PROGRAM_KEYS = ["executable", "program", "exe", "binary", "bin", "command", "cmd", "file"];
const ARGV_KEYS = ["args", "argv", "arguments", "arg_list", "argument_list", "arglist", "cli_args"];

/** The command line of a program key beside an argument list, with the keys it used; undefined when the object
 * holds no such pair. The program is one word (a path or a name); the list is strings (one string when it was a
 * one-element list made plain). */
export function programLine(
  object: Record<string, unknown>,
  isCommandKey: (key: string) => boolean,
): { line: string; keys: string[] } | undefined {
  let argvKey: string | undefined;
  for (const key of ARGV_KEYS) {
    const value = object[key];
    if (typeof value === "string" || (Array.isArray(value) && value.length <= 64)) {
      argvKey = key;
      break;
    }
  }
  if (argvKey === undefined) return undefined;
  // The program under a program key, or under any command key (`{script: "bash", args: [...]}`).
  const keys = [
    ...PROGRAM_KEYS,
    ...Object.keys(object).filter(isCommandKey),
  ];
  for (const key of keys) {
    const program = object[key];
    if (typeof program !== "string" || !/^[^\s]{1,256}$/.test(program)) continue;
    const argv = object[argvKey];
    const list = typeof argv === "string" ? [argv] : argv as unknown[];
    if (!list.every((item) => typeof item === "string" || typeof item === "number")) return undefined;
    const words = list.map(String);
    const line = typeof argv === "string"
      ? `${program} ${argv}`
      : commandLine([program, ...words]) ?? program;
    return line.length <= 16 * 1024 ? { line, keys: [key, argvKey] } : undefined;
  }
  return undefined;
}

/** Round 79: a tool named for a shell, terminal or CLI, or for running a process (`cli_exec`, `terminal_send`,
 * `process_exec`, `run_process`): its one text argument under a generic key (`input`, `text`, `line`, `keys`) is
 * the command line it runs. */
const SHELL_NAME_NOUNS = new Set([
  "shell",
  "bash",
  "sh",
  "zsh",
  "terminal",
  "cli",
  "console",
  "cmd",
  "powershell",
  "pwsh",
  "tty",
  "pty",
]);
export const TYPED_KEYS = new Set(["input", "text", "line", "keys", "stdin_line", "command_text"]);

/** Whether a tool's name words name a shell, terminal or CLI, or running a process (see `SHELL_NAME_NOUNS`). */
export function shellNamedTool(words: readonly string[]): boolean {
  return words.some((word) => SHELL_NAME_NOUNS.has(word)) ||
    (words.includes("process") && words.some((word) => /^(?:exec|execute|run|spawn|start)$/.test(word)));
}
