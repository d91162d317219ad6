/** Unwraps commands that run other commands (`sudo`, `env`, `sh -c`, `xargs`, `find -exec`, `eval`,
 * interpreters with inline code) and records the files a command writes (command_writes.ts). */

import type { ParseState } from "./shell_parser.ts";
import { basename } from "./shell_parser.ts";
import { codeStrings, sinkStrings } from "./code_literals.ts";
import { textVariants } from "./normalize.ts";
import { recordWrites } from "./command_writes.ts";
import { optionsOf, optionValues } from "./program_options.ts";
import { withXargsInput, xargsInput } from "./shell_xargs.ts";
import { fileRunnerCommand, findExecCommand, runsPerFile } from "./shell_file_runners.ts";
import { POSITIONAL_VALUES, PREFIX_WRAPPERS, runnerArgs } from "./shell_wrappers.ts";
import { ownTable } from "../lib/own_table.ts";
import {
  decodePowerShell,
  POWERSHELL_CODE,
  POWERSHELL_ENCODED,
  runsWindowsCommand,
  windowsInnerCommand,
} from "./shell_windows.ts";
import { editorRuns, isEditor } from "./shell_editors.ts";
import { rebuiltCode } from "./code_pieces.ts";

const SHELLS = /^(?:ba|z|da|k|a|mk|fi|c|tc|)sh$|^fish$|^rbash$/;
const INTERPRETER_FLAGS: Array<[RegExp, RegExp]> = [
  [/^python[0-9.]*$|^pypy[0-9]*$/, /^-[a-zA-Z]*c$/],
  [/^(?:node|nodejs|bun)$/, /^(?:-e|--eval|-p|--print|-pe)$/],
  [/^deno$/, /^eval$/],
  [/^perl[0-9.]*$/, /^-[a-zA-Z]*[eE]$/],
  [/^ruby[0-9.]*$/, /^-[a-zA-Z]*e$/],
  [/^php[0-9.]*$/, /^-r$/],
  [/^lua[0-9.]*$/, /^-e$/],
  [/^osascript$/, /^-e$/],
  [/^rscript$/, /^-e$/],
  // Round 53: any unambiguous prefix of -Command or -EncodedCommand, after `-`, `--` or `/` (`/enc`, `-EncodedC`).
  [/^(?:pwsh|powershell)(?:\.exe)?$/, POWERSHELL_CODE],
  [/^(?:tclsh|wish)$/, /^-c$/],
];

/** Skips options (and the values of those that take one) and `VAR=x` words; returns the rest. */
function afterOptions(args: string[], valued: string[]): string[] {
  let i = 0;
  while (i < args.length) {
    const word = args[i];
    if (word === "--") return args.slice(i + 1);
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) i++;
    else if (word.startsWith("-") && word.length > 1) i += valued.includes(word) ? 2 : 1;
    else return args.slice(i);
  }
  return [];
}

/** Decoded forms of code (base64, hex, escapes) that read as code or a command line are judged as well. */
const COMMAND_START = /^\s*[A-Za-z./~_$-][^\s]*\s/;

/** A decoded string that calls into a library or the system, as code does. */
const CODE_STRING =
  /\b(?:import|require|system|popen|exec\w*|spawn\w*|eval)\b[\s\S]{0,40}[(\s]|__import__\s*\(/;

/** Calls a string is handed to for running (checked before sinkStrings looks for them). */
const SINK_HINT = /system|popen|subprocess|exec|spawn|passthru|`|%x\{/;
const LITERAL_ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|([0-7]{1,3})|(.))/g;
const SIMPLE_ESCAPES: Record<string, string> = ownTable({
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
});

/** A string literal's text with its escapes decoded (`\n`, `\"`, `\\`, `\x63`, `\u0063`, `\143`). */
export function decodeLiteralEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(LITERAL_ESCAPE, (_all, hex, unicode, octal, char) => {
    const code = hex ?? unicode;
    if (code) return String.fromCharCode(parseInt(code, 16));
    if (octal) return String.fromCharCode(parseInt(octal, 8));
    return SIMPLE_ESCAPES[char] ?? char;
  });
}

function judgeCode(state: ParseState, code: string, depth: number, shellLike = false): void {
  state.result.code.push(code);
  // What the code hands to `os.system`, `subprocess`, `execSync`, backticks ... runs as a command line, whatever its
  // length, with the language's escapes decoded (`"bash <<EOF\\n..."`).
  if (depth < 6 && SINK_HINT.test(code)) {
    for (const literal of sinkStrings(code).slice(0, 16)) {
      state.parse(decodeLiteralEscapes(literal), depth + 1);
    }
  }
  const variants = textVariants(code).slice(0, 8);
  for (const [index, variant] of variants.entries()) {
    // A decoded fragment that is itself a command line (`iwr ... | iex` inside FromBase64String) runs as one.
    if ((index > 0 || shellLike) && COMMAND_START.test(variant) && variant.length < 16 * 1024) {
      // PowerShell's backslash separates folders (its escape is the backtick): `$HOME\Documents` is a path.
      state.parse(shellLike ? variant.replace(/(?<=[\w$%:.~])\\(?=[\w.*$%])/g, "/") : variant, depth + 1);
    }
    for (const literal of codeStrings(variant)) {
      if (COMMAND_START.test(literal)) state.parse(decodeLiteralEscapes(literal), depth + 1);
      // A string that is itself code (`exec(b32decode('...'))`) is judged as code, a level deeper.
      if (depth < 4 && literal !== code && CODE_STRING.test(literal)) judgeCode(state, literal, depth + 1);
    }
  }
  // Round 53: base64 cut into literal pieces the code joins is judged joined; round 61: PowerShell assemblies too.
  const joined = depth < 4 ? rebuiltCode(code) : undefined;
  if (joined !== undefined) judgeCode(state, joined, depth + 1, shellLike);
}

function findExec(state: ParseState, args: string[], depth: number): void {
  for (let i = 0; i < args.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(args[i])) continue;
    let end = i + 1;
    while (end < args.length && args[end] !== ";" && args[end] !== "+") end++;
    state.addSegment(findExecCommand(args, i + 1, end), [], depth + 1, "");
    i = end;
  }
}

/** Any interpreter name of INTERPRETER_FLAGS or awk: one test before trying each. */
const INTERPRETER_NAMES = new RegExp(
  [...INTERPRETER_FLAGS.map(([name]) => name.source), "^(?:g|m|n)?awk$"].map((source) => `(?:${source})`)
    .join("|"),
);

/** INTERPRETER_NAMES' answer per command name, remembered (it is asked for every segment). */
const interpreterNames = new Map<string, boolean>();

function isInterpreterName(command: string): boolean {
  let answer = interpreterNames.get(command);
  if (answer === undefined) {
    answer = INTERPRETER_NAMES.test(command);
    if (interpreterNames.size >= 4096) interpreterNames.clear();
    interpreterNames.set(command, answer);
  }
  return answer;
}

function unwrapInterpreter(state: ParseState, command: string, args: string[], depth: number): boolean {
  if (!isInterpreterName(command)) return false;
  for (const [name, flag] of INTERPRETER_FLAGS) {
    if (!name.test(command)) continue;
    const index = args.findIndex((arg) => flag.test(arg.toLowerCase()));
    if (index >= 0 && index + 1 < args.length) {
      const code = args[index + 1];
      const encoded = POWERSHELL_ENCODED.test(args[index]) &&
        /^(?:pwsh|powershell)/.test(command);
      const powershell = /^(?:pwsh|powershell)/.test(command);
      judgeCode(state, encoded ? decodePowerShell(code) : code, depth, powershell);
    }
    return true;
  }
  if (/^(?:g|m|n)?awk$/.test(command)) {
    const program = afterOptions(args, ["-F", "-v", "-f"])[0];
    if (program !== undefined) judgeCode(state, program, depth);
    return true;
  }
  return false;
}

function unwrapShell(state: ParseState, args: string[], depth: number): void {
  const index = args.findIndex((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg) || arg === "--command");
  if (index < 0) return;
  const code = args.slice(index + 1).find((arg) => !/^-/.test(arg));
  if (code !== undefined) state.parse(code, depth + 1);
}

function unwrapRemote(state: ParseState, command: string, args: string[], depth: number): void {
  if (command === "ssh") {
    const rest = afterOptions(args, [
      "-i",
      "-p",
      "-l",
      "-o",
      "-F",
      "-J",
      "-L",
      "-R",
      "-D",
      "-b",
      "-c",
      "-e",
      "-m",
    ]);
    if (rest.length > 1) state.parse(rest.slice(1).join(" "), depth + 1);
  } else if (command === "su" || command === "runuser" || command === "script" || command === "flock") {
    const index = args.findIndex((arg) => arg === "-c" || arg === "--command");
    if (index >= 0 && index + 1 < args.length) state.parse(args[index + 1], depth + 1);
  } else if (args[0] === "exec" && /^(?:kubectl|docker|podman|oc)$/.test(command)) {
    const dash = args.indexOf("--");
    const rest = dash >= 0
      ? args.slice(dash + 1)
      : afterOptions(args.slice(1), ["-u", "-w", "-e", "-c"]).slice(1);
    if (rest.length > 0) state.addSegment(rest, [], depth + 1, "");
  }
}

/** Git settings whose value is a command line git runs (`!cmd` for aliases and helpers). */
const GIT_COMMAND_KEYS =
  /^(?:core\.(?:sshcommand|pager|editor|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|gpg(?:\.\w+)?\.program|uploadpack\.packobjectshook|credential\.(?:[^=]*\.)?helper|alias\.[^=]+|filter\.[^=]+\.(?:clean|smudge|process)|diff\.[^=]+\.(?:textconv|command)|merge\.[^=]+\.driver|pager\.[^=]+)$/;
/** The command held by an option value: `exec=CMD` for tar's checkpoint action, `%` as space in `ext::`. */
function heldCommand(value: string): string {
  return value.replace(/^exec=/, "");
}

/** Commands given as option values or git settings: judged as commands the program will run. */
function unwrapCommandOptions(state: ParseState, command: string, args: string[], depth: number): void {
  if (command === "git") {
    for (let i = 0; i < args.length; i++) {
      const setting = args[i] === "-c" ? args[i + 1] ?? "" : "";
      const eq = setting.indexOf("=");
      if (eq > 0 && GIT_COMMAND_KEYS.test(setting.slice(0, eq).toLowerCase())) {
        state.parse(setting.slice(eq + 1).replace(/^!/, ""), depth + 1);
      }
      if (/^--(?:upload-pack|receive-pack|exec)=/.test(args[i])) {
        state.parse(args[i].replace(/^[^=]*=/, ""), depth + 1);
      }
      if (/^ext::/.test(args[i])) state.parse(args[i].slice(5).replace(/%(?!%)/g, " "), depth + 1);
    }
    const at = args.findIndex((arg, index) => !arg.startsWith("-") && args[index - 1] !== "-c");
    if (args[at] === "config") {
      const [key = "", value] = args.slice(at + 1).filter((arg) => !arg.startsWith("--"));
      if (value !== undefined && GIT_COMMAND_KEYS.test(key.toLowerCase())) {
        state.parse(value.replace(/^!/, ""), depth + 1);
      }
    }
    return;
  }
  const row = optionsOf(command);
  if (!row) return;
  for (const value of optionValues(args, row.runs)) state.parse(heldCommand(value), depth + 1);
  if (!row.runsSettings) return;
  for (const setting of optionValues(args, ["-o"])) {
    // ssh -o Key=value, -oKey=value, -o "Key value"
    const match = /^(\w+)\s*[= ]\s*([\s\S]+)$/.exec(setting);
    if (match && row.runsSettings.includes(match[1].toLowerCase())) state.parse(match[2], depth + 1);
  }
}

/** Environment variables whose value is a command line a program runs (`GIT_SSH_COMMAND`, `PAGER`,
 * `LESSOPEN="|cmd %s"`, `PROMPT_COMMAND`). */
const COMMAND_VARIABLES =
  /^(?:GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|PAGER|MANPAGER|SYSTEMD_PAGER|EDITOR|VISUAL|LESSOPEN|LESSCLOSE|PROMPT_COMMAND|PS0|PS4|BROWSER|RSYNC_RSH|CVS_RSH)=/;

/** Assignments (`X=v cmd`, `export X=v`) of variables that hold command lines: their values are judged as
 * commands. */
export function unwrapAssignments(state: ParseState, words: readonly string[], depth: number): void {
  for (const word of words) {
    const match = COMMAND_VARIABLES.exec(word);
    if (match) state.parse(word.slice(match[0].length).replace(/^\|{1,2}/, ""), depth + 1);
  }
}

const PRIVILEGE_WRAPPERS = new Set(["sudo", "doas", "su", "pkexec", "run0", "sudoedit"]);

/** Judges whatever `argv` runs in turn; under a privilege wrapper, what it runs is marked privileged. */
export function unwrapSegment(state: ParseState, argv: string[], depth: number): void {
  const command = basename(argv[0]).toLowerCase();
  if (!PRIVILEGE_WRAPPERS.has(command) || state.privileged) return unwrapOne(state, argv, depth, command);
  state.privileged = true;
  try {
    unwrapOne(state, argv, depth, command);
  } finally {
    state.privileged = false;
  }
}

/** Whether unwrapOne looks past a command's writes for `command`: its options may run commands (git, option rows),
 * it wraps, is a shell, `$VAR`, `eval`, `find`, a debugger, an interpreter or awk, or runs commands elsewhere (`ssh`,
 * `su`, `runuser`, `script`, `flock`, `kubectl|docker|podman|oc exec`). Exactly the tests below, by name. */
function unwraps(command: string): boolean {
  const row = optionsOf(command);
  return command === "git" || row?.runs !== undefined || row?.runsSettings !== undefined ||
    Boolean(PREFIX_WRAPPERS[command]) || command === "timeout" ||
    (command.endsWith("sh") && SHELLS.test(command)) ||
    (command.startsWith("$") && /^\$\{?[a-z_]+\}?$/i.test(command)) || command === "eval" ||
    command === "find" || runsPerFile(command) || runsWindowsCommand(command) ||
    command === "gdb" || command === "lldb" || isInterpreterName(command) || command === "ssh" ||
    isEditor(command) ||
    command === "su" ||
    command === "runuser" || command === "script" || command === "flock" ||
    /^(?:kubectl|docker|podman|oc)$/.test(command);
}

/** unwraps' answer per command name, remembered (asked for every segment; most programs unwrap nothing). */
const unwrapping = new Map<string, boolean>();

function unwrapsRemembered(command: string): boolean {
  let answer = unwrapping.get(command);
  if (answer === undefined) {
    answer = unwraps(command);
    if (unwrapping.size >= 4096) unwrapping.clear();
    unwrapping.set(command, answer);
  }
  return answer;
}

function unwrapOne(state: ParseState, argv: string[], depth: number, command: string): void {
  const args = argv.slice(1);
  recordWrites(state, command, args);
  if (!unwrapsRemembered(command)) return;
  const row = optionsOf(command);
  if (command === "git" || row?.runs || row?.runsSettings) {
    unwrapCommandOptions(state, command, args, depth);
  }
  const valued = PREFIX_WRAPPERS[command];
  if (valued) {
    const listed = command === "taskset" && args.some((arg) => /^-(?:c|-cpu-list)$/.test(arg));
    const skip = listed ? 0 : POSITIONAL_VALUES[command] ?? 0;
    const rest = command === "timeout" ? [] : afterOptions(runnerArgs(command, args), valued).slice(skip);
    // `flock FILE -c 'CMD'`: the command is one string for a shell, after the lock file.
    const held = command === "flock" ? args.findIndex((arg) => arg === "-c" || arg === "--command") : -1;
    if (held >= 0 && held + 1 < args.length) state.parse(args[held + 1], depth + 1);
    else if (command === "watch" && rest.length > 0) state.parse(rest.join(" "), depth + 1);
    else if (command === "xargs" && rest.length > 0) {
      state.addSegment(withXargsInput(rest, args, xargsInput(state.result.segments)), [], depth + 1, "");
    } else if (rest.length > 0) {
      state.addSegment(command === "chroot" ? rest.slice(1) : rest, [], depth + 1, "");
    }
    if (command === "env") {
      const split = args.findIndex((arg) => arg === "-S" || arg === "--split-string");
      if (split >= 0 && split + 1 < args.length) state.parse(args[split + 1], depth + 1);
    }
    return;
  }
  if (command === "timeout") {
    const rest = afterOptions(args, ["-s", "-k", "--signal", "--kill-after"]).slice(1);
    if (rest.length > 0) state.addSegment(rest, [], depth + 1, "");
  } else if (
    (command.endsWith("sh") && SHELLS.test(command)) ||
    (command.startsWith("$") && /^\$\{?[a-z_]+\}?$/i.test(command))
  ) unwrapShell(state, args, depth);
  else if (command === "eval") state.parse(args.join(" "), depth + 1);
  else if (command === "find") findExec(state, args, depth);
  else if (runsWindowsCommand(command)) {
    const inner = windowsInnerCommand(command, args);
    if (inner !== undefined) state.parse(inner, depth + 1);
  } else if (runsPerFile(command)) {
    const inner = fileRunnerCommand(command, args);
    if (inner) state.addSegment(inner, [], depth + 1, "");
  } else if (command === "gdb" || command === "lldb") debuggerCommands(state, args, depth);
  else if (isEditor(command)) {
    for (const run of editorRuns(command, args)) {
      if (run.kind === "code") judgeCode(state, run.text, depth);
      else state.parse(run.text, depth + 1);
    }
  } else if (!unwrapInterpreter(state, command, args, depth)) unwrapRemote(state, command, args, depth);
}

/** Debugger command options (`gdb -ex 'python ...'`, `-ex 'shell ...'`, `-ex '!...'`, `lldb -o 'script ...'`): embedded Python
 * is judged as code, shell escapes as command lines. */
const DEBUGGER_OPTIONS =
  /^(?:-ex|--eval-command|-iex|--init-eval-command|-o|--one-line|-O|--one-line-before-file)$/;
const DEBUGGER_PYTHON = /^\s*(?:python|py|pi|python-interactive|script)\s+/;
const DEBUGGER_SHELL = /^\s*(?:shell\s+|!|pipe\s)/;

function debuggerCommands(state: ParseState, args: string[], depth: number): void {
  for (let index = 0; index + 1 < args.length && index < 64; index++) {
    const option = args[index];
    const value = option.startsWith("--eval-command=")
      ? option.slice(15)
      : DEBUGGER_OPTIONS.test(option)
      ? args[index + 1]
      : undefined;
    if (value === undefined) continue;
    const python = DEBUGGER_PYTHON.exec(value);
    if (python) judgeCode(state, value.slice(python[0].length), depth);
    const shell = DEBUGGER_SHELL.exec(value);
    if (shell) state.parse(value.slice(shell[0].length), depth + 1);
  }
}

const STDIN_INTERPRETERS =
  /^(?:python[0-9.]*|pypy[0-9]*|node|nodejs|bun|perl[0-9.]*|ruby[0-9.]*|php[0-9.]*|lua[0-9.]*)$/;

/** A here-string (`bash <<< "..."`, `python3 <<< "..."`) is the script its shell or interpreter reads and runs. */
export function hereString(state: ParseState, program: string, text: string, depth: number): void {
  if (depth > 6) return;
  if (SHELLS.test(program)) state.parse(text, depth + 1);
  else if (STDIN_INTERPRETERS.test(program)) judgeCode(state, text, depth, false);
}

/** A shell or interpreter given a process substitution as its script (`bash <(curl ...)`, `source <(...)`) runs what
 * the substitution prints, as `curl ... | bash` does. */
export function substitutedScript(state: ParseState, program: string, args: string[], depth: number): void {
  if (
    depth > 6 ||
    !(SHELLS.test(program) || STDIN_INTERPRETERS.test(program) || /^(?:source|\.)$/.test(program))
  ) {
    return;
  }
  const named = args.find((arg) => !arg.startsWith("-") || arg.startsWith("<("));
  // `sh /dev/fd/3 3< <(curl ...)`: the script is the descriptor a substitution was opened on.
  const script = named && /^\/(?:dev|proc\/self)\/fd\/\d/.test(named)
    ? args.find((arg) => arg.startsWith("<("))
    : named;
  if (!script?.startsWith("<(") || !script.endsWith(")")) return;
  state.parse(`${script.slice(2, -1)} | ${/^(?:source|\.)$/.test(program) ? "sh" : program}`, depth + 1);
}
