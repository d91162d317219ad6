/** Windows programs that run the command line they are handed (round 26): `cmd /c X` (and `/k`, `/r`),
 * `forfiles ... /c "X"` (once per file found), `wmic [/node:...] process call create "X"`. The command X is judged as
 * any command is (shell_unwrap.ts). Round 53: PowerShell's `-Command` and `-EncodedCommand` by any prefix, and the
 * decoding of the latter, kept here beside them. */

const RUNNERS = /^(?:cmd|forfiles|wmic)(?:\.exe)?$/;

/** A program name as written, without a Windows folder (`C:\Windows\System32\cmd.exe` is `cmd.exe`). */
function windowsName(command: string): string {
  return command.slice(command.lastIndexOf("\\") + 1);
}

/** Whether `command` runs a command line it is handed. */
export function runsWindowsCommand(command: string): boolean {
  return RUNNERS.test(windowsName(command));
}

/** The command line a Windows runner is handed, when it is given one. */
export function windowsInnerCommand(command: string, args: readonly string[]): string | undefined {
  const name = windowsName(command).replace(/\.exe$/, "");
  if (name === "cmd") {
    const at = args.findIndex((arg) => /^\/[ckr]$/i.test(arg));
    const rest = at < 0 ? [] : args.slice(at + 1);
    return rest.length > 0 ? rest.join(" ") : undefined;
  }
  if (name === "forfiles") {
    const at = args.findIndex((arg) => /^[/-]c$/i.test(arg));
    if (at < 0 || args[at + 1] === undefined) return undefined;
    // `@path`, `@file`, `@fname` stand for each file found under the `/p` folder (the current one by default).
    const named = args.findIndex((arg) => /^[/-]p$/i.test(arg));
    const folder = named < 0 ? undefined : args[named + 1];
    const each = folder === undefined ? "*" : `${folder.replace(/[\\/]+$/, "").replaceAll("\\", "/")}/*`;
    return args[at + 1].replace(/@(?:path|file|fname)\b/gi, each);
  }
  const words = args.map((arg) => arg.toLowerCase());
  const process = words.indexOf("process");
  const create = process < 0 ? -1 : words.indexOf("create", process);
  if (create < 0 || words[create - 1] !== "call") return undefined;
  const rest = args.slice(create + 1);
  return rest.length > 0 ? rest.join(" ") : undefined;
}

/** PowerShell's `-Command` and `-EncodedCommand` as it accepts them: any unambiguous prefix, `-`, `--` or `/`. */
export const POWERSHELL_CODE =
  /^(?:--?|\/)(?:c(?:o(?:m(?:m(?:a(?:nd?)?)?)?)?)?|e(?:c|n(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:nd?)?)?)?)?)?)?)?)?)?)?)?)?)$/;
export const POWERSHELL_ENCODED =
  /^(?:--?|\/)e(?:c|n(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:nd?)?)?)?)?)?)?)?)?)?)?)?)?$/i;

/** The text of an `-EncodedCommand` argument: base64 of UTF-16LE. */
export function decodePowerShell(code: string): string {
  try {
    const bytes = Uint8Array.from(atob(code), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-16le").decode(bytes);
  } catch {
    return code;
  }
}
