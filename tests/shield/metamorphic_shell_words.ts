/** Command-line metamorphic transforms that respell the program words of a bash line (absolute paths, prefixes,
 * quoting, empty insertions, variable indirection, busybox): bash runs the same programs with the same arguments. */

import { programWord, scanShell, type Word } from "./metamorphic_shell_scan.ts";

export type LineTransform = (line: string) => string | undefined;

/** Builtins (and shell-only words) that no /usr/bin program, `env` or busybox can stand for. */
export const SHELL_ONLY = new Set([
  "cd",
  "export",
  "source",
  ".",
  "eval",
  "exec",
  "set",
  "unset",
  "alias",
  "read",
  "shopt",
  "trap",
  "return",
  "exit",
  "local",
  "declare",
  "typeset",
  "readonly",
  "let",
  "wait",
  "umask",
  "ulimit",
  "hash",
  "type",
  "builtin",
  "command",
  "shift",
  "break",
  "continue",
  "pushd",
  "popd",
  "history",
  "disown",
  "jobs",
  "fg",
  "bg",
  "mapfile",
  "complete",
]);

const SBIN = new Set([
  "iptables",
  "useradd",
  "usermod",
  "userdel",
  "visudo",
  "shutdown",
  "reboot",
  "mkfs",
  "fdisk",
  "insmod",
  "modprobe",
  "setcap",
  "chpasswd",
  "ufw",
  "sysctl",
  "nft",
]);

/** busybox applets the corpus's programs may be run as. */
const BUSYBOX = new Set([
  "wget",
  "nc",
  "sh",
  "rm",
  "cat",
  "base64",
  "tar",
  "chmod",
  "cp",
  "mv",
  "dd",
  "find",
  "xargs",
  "sed",
  "awk",
  "tee",
  "crontab",
  "ls",
  "head",
  "tail",
  "gzip",
  "unzip",
  "od",
  "xxd",
  "telnet",
  "ftpget",
  "hexdump",
  "ln",
  "touch",
  "echo",
]);

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies edits (non-overlapping) from the end backwards; undefined when there are none. */
export function applyEdits(line: string, edits: Edit[]): string | undefined {
  if (edits.length === 0) return undefined;
  let out = line;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** The program words of every simple command of the line (up to a heredoc body). */
export function programWords(line: string): Word[] {
  return scanShell(line).segments.map(programWord).filter((word): word is Word => word !== undefined);
}

/** A transform replacing each program word accepted by `accept` with `respell(word)`. */
function respellPrograms(respell: (word: string) => string, accept = (_word: string) => true): LineTransform {
  return (line) =>
    applyEdits(
      line,
      programWords(line).filter((word) => accept(word.text)).map((word) => ({
        ...word,
        text: respell(word.text),
      })),
    );
}

const external = (word: string) => !SHELL_ONLY.has(word);
const longEnough = (word: string) => word.length >= 2;

function hexEscape(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`;
}

/** `p0=curl; $p0 …`: each program through a variable. */
function variableIndirection(line: string): string | undefined {
  const words = programWords(line).filter((word) => external(word.text) || word.text === "cd");
  if (words.length === 0) return undefined;
  const assignments = words.map((word, index) => `__p${index}=${word.text}; `).join("");
  return assignments + applyEdits(line, words.map((word, index) => ({ ...word, text: `$__p${index}` })));
}

export const WORD_TRANSFORMS: Record<string, LineTransform> = {
  "absolute path": respellPrograms(
    (word) => `${SBIN.has(word) ? "/usr/sbin" : "/usr/bin"}/${word}`,
    external,
  ),
  "command prefix": respellPrograms((word) => `command ${word}`, (word) => word !== "exec"),
  "builtin prefix": respellPrograms(
    (word) => `builtin ${word}`,
    (word) => SHELL_ONLY.has(word) && word !== ".",
  ),
  "exec prefix": (line) => {
    const scan = scanShell(line);
    if (scan.separators.some((separator) => separator.text !== "|") || scan.stop < line.length) {
      return undefined;
    }
    const word = scan.segments[0] ? programWord(scan.segments[0]) : undefined;
    return word && external(word.text)
      ? applyEdits(line, [{ ...word, text: `exec ${word.text}` }])
      : undefined;
  },
  "env prefix": respellPrograms((word) => `env ${word}`, external),
  "backslash prefix": respellPrograms((word) => `\\${word}`),
  'quote split c"u"rl': respellPrograms((word) => `${word[0]}"${word[1]}"${word.slice(2)}`, longEnough),
  "quote split 'c'url": respellPrograms((word) => `'${word[0]}'${word.slice(1)}`),
  "ansi-c $'\\x63'url": respellPrograms((word) => `$'${hexEscape(word[0])}'${word.slice(1)}`),
  "backslash inside cu\\rl": respellPrograms((word) => `${word.slice(0, -1)}\\${word.slice(-1)}`, longEnough),
  'empty string c""url': respellPrograms((word) => `${word[0]}""${word.slice(1)}`),
  "empty ${x:-} insertion": respellPrograms((word) => `${word[0]}\${__m:-}${word.slice(1)}`),
  "variable indirection": variableIndirection,
  "busybox": respellPrograms((word) => `busybox ${word}`, (word) => BUSYBOX.has(word)),
};
