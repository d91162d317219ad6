/** The strings interpreter code builds: its quoted literals, concatenations (`'r'+'m -rf '+home`), joined lists
 * (`['cu','rl ...'].join('')`), path joins, and literals run through rot13 or reversed when the code does so;
 * the home folder's expressions (`os.homedir()`, `Path.home()`, `expanduser('~')`) read as `~`. Bounded. */

import { charCodeListStrings } from "./char_code_lists.ts";
import { charFormatStrings } from "./char_code_formats.ts";
import { matchesOf } from "./match_all.ts";

const MAX_LITERALS = 64;
const MAX_CODE_CHARS = 64 * 1024;

/** Expressions that evaluate to the user's home folder, in the languages agents run. */
const HOME_EXPRESSIONS =
  /(?:require\(\s*["']os["']\s*\)|\bos)\.homedir\(\s*\)|(?:\bpathlib\.)?\bPath\.home\(\s*\)|\bos\.path\.expanduser\(\s*["']~["']\s*\)|\bprocess\.env\.(?:HOME|USERPROFILE)\b|\bos\.environ(?:\.get\(\s*|\[\s*)["']HOME["']\s*[\])]|\bos\.getenv\(\s*["']HOME["']\s*\)|\bDir\.home\b|\bENV\[\s*["']HOME["']\s*\]|\$ENV\{\s*["']?HOME["']?\s*\}|\$env:(?:USERPROFILE|HOME)\b|\$HOME\b/g;

interface Literal {
  start: number;
  end: number;
  text: string;
}

function scanLiterals(code: string): Literal[] {
  const literals: Literal[] = [];
  let i = 0;
  while (i < code.length && literals.length < MAX_LITERALS) {
    const c = code[i];
    if (c === "'" || c === '"' || c === "`") {
      let end = i + 1;
      while (end < code.length && code[end] !== c) end += code[end] === "\\" ? 2 : 1;
      literals.push({ start: i, end: end + 1, text: code.slice(i + 1, end) });
      i = end + 1;
    } else i++;
  }
  return literals;
}

/** What joins two neighbouring literals into one string: `+` (nothing or an expression between), a path join. */
const PLUS = /^\s*\+\s*$/;
const PLUS_EXPRESSION = /^\s*\+\s*([\w$.]{1,64}(?:\(\s*\))?)\s*\+\s*$/;
const PATH_JOIN = /^\s*(?:\/|,)\s*$/;
/** A method that appends a path to the path before it (`Path.home().joinpath('.kube/config')`, `.resolve(...)`). */
const METHOD_JOIN = /^\s*\)?\s*\.(?:joinpath|join|resolve|Join|Combine)\(\s*$/;

function joinWith(gap: string, inPathJoin: boolean): string | undefined {
  if (PLUS.test(gap)) return "";
  if (PLUS_EXPRESSION.test(gap)) return " X ";
  if (PATH_JOIN.test(gap) && (inPathJoin || gap.includes("/"))) return "/";
  if (gap.includes("(") && METHOD_JOIN.test(gap)) return "/";
  return undefined;
}

const PATH_JOIN_CALL = /(?:path\.join|joinpath|File\.join|Join-Path)\(\s*$/;

/** Literals joined by `+`, `/` (pathlib) or `os.path.join(..., ...)` into one string. */
function concatenations(code: string, literals: Literal[]): string[] {
  const chains: string[] = [];
  let chain = "";
  let parts = 0;
  let pathJoin = false;
  literals.forEach((literal, k) => {
    const gap = k > 0 ? code.slice(literals[k - 1].end, literal.start) : undefined;
    const joiner = gap === undefined ? undefined : joinWith(gap, pathJoin);
    if (joiner !== undefined) {
      chain += joiner + literal.text;
      parts++;
      return;
    }
    if (parts > 1) chains.push(chain);
    chain = literal.text;
    parts = 1;
    pathJoin = PATH_JOIN_CALL.test(code.slice(Math.max(0, literal.start - 24), literal.start));
  });
  if (parts > 1) chains.push(chain);
  return chains;
}

/** `[...]` lists of literals, joined with spaces (an argv) and with nothing (`.join('')`). */
function joinedLists(code: string, literals: Literal[]): string[] {
  const lists: string[] = [];
  let items: string[] = [];
  let last = -1;
  for (const literal of literals) {
    const gap = last < 0 ? "" : code.slice(last, literal.start);
    if (last >= 0 && !/^\s*,\s*$/.test(gap)) {
      if (items.length > 1) lists.push(items.join(" "), items.join(""));
      items = [];
    }
    if (items.length === 0 && !/\[\s*$/.test(code.slice(Math.max(0, literal.start - 8), literal.start))) {
      last = -1;
      continue;
    }
    items.push(literal.text);
    last = literal.end;
  }
  if (items.length > 1) lists.push(items.join(" "), items.join(""));
  return lists;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= "Z" ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const ROT13_CALL = /rot_?13/i;
const REVERSE_CALL = /\[\s*::\s*-1\s*\]|\breverse\b|\breversed\s*\(/;

/** `String.fromCharCode(99, 117, ...)` and `chr(99)+chr(117)+...`: the text the character codes spell. */
function charCodeStrings(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/fromCharCode\s*\(\s*((?:\d{1,7}\s*,\s*){2,2047}\d{1,7})\s*\)/g)) {
    found.push(String.fromCharCode(...match[1].split(",").map((digits) => Number(digits) & 0xffff)));
  }
  for (const match of code.matchAll(/(?:chr\s*\(\s*\d{1,7}\s*\)\s*\+\s*){2,2047}chr\s*\(\s*\d{1,7}\s*\)/g)) {
    const points = [...match[0].matchAll(/\d{1,7}/g)].map((digits) => Number(digits[0]) & 0xffff);
    found.push(String.fromCharCode(...points));
  }
  return found;
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (`base64.b32decode('NFWX...')`), or undefined when the run is not base32 text. */
function decodeBase32(run: string): string | undefined {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of run.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  const text = new TextDecoder().decode(new Uint8Array(bytes));
  return /^[\t\n\r -~]*$/.test(text) ? text : undefined;
}

function base32Strings(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/b32decode\s*\(\s*b?['"]([A-Za-z2-7=]{8,8192})['"]/g)) {
    const decoded = decodeBase32(match[1]);
    if (decoded !== undefined) found.push(decoded);
  }
  return found;
}

/** Every string the code builds that Shield can work out, literals first. */
export function codeStrings(raw: string): string[] {
  const code = raw.length > MAX_CODE_CHARS ? raw.slice(0, MAX_CODE_CHARS) : raw;
  const homed = /ome|OME|expanduser|\$/.test(code) ? code.replace(HOME_EXPRESSIONS, "'~'") : code;
  const literals = scanLiterals(homed);
  const strings = literals.map((literal) => literal.text);
  strings.push(...concatenations(homed, literals), ...joinedLists(homed, literals));
  const transformed: string[] = [];
  if (ROT13_CALL.test(code)) transformed.push(...strings.map(rot13));
  if (REVERSE_CALL.test(code)) transformed.push(...strings.map((text) => [...text].reverse().join("")));
  if (code.includes("fromCharCode") || code.includes("chr(")) transformed.push(...charCodeStrings(code));
  if (code.includes("b32decode")) transformed.push(...base32Strings(code));
  transformed.push(...charCodeListStrings(code), ...charFormatStrings(code));
  return [...strings, ...transformed];
}

/** `s = '...'` ... `exec(s)`: the strings assigned to the one name a sink is handed (its last three assignments). */
function assignedStrings(code: string, argument: string): string[] {
  const name = /^\s*([A-Za-z_$][\w$]{0,63})\s*[,)]/.exec(argument)?.[1];
  if (!name) return [];
  const escaped = name.replace(/\$/g, "\\$");
  const assignment = new RegExp(
    `(?:^|[^\\w$.])${escaped}\\s*(?::[^=\\n]{1,40})?=(?![=>])([^;\\n]{1,2048})`,
    "g",
  );
  const values = [...code.matchAll(assignment)].slice(-3);
  return values.flatMap((match) => codeStrings(match[1]));
}

/** Calls that run a command line or code given as a string. */
const EXEC_SINK =
  /\b(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess\.\w+|Popen|exec(?:Sync|File|FileSync)?|spawn(?:Sync)?|system|shell_exec|passthru|proc_open|popen|IO\.popen|Open3\.\w+|Kernel\.(?:system|exec|spawn)|Runtime\.getRuntime\(\)\.exec|Process\.Start|Start-Process|Invoke-Expression|iex|eval|exec|Command::new|exec\.Command(?:Context)?|new\s+ProcessBuilder)\s*\(|`[^`\n]{2,200}`|%x\{/g;
const MAX_SINKS = 32;

/** Source files whose backquotes run a command line (Ruby, Perl, PHP); elsewhere (JS/TS template literals, Go raw
 * strings, PowerShell escapes, Kotlin names) a backquoted text is a string the code only holds. */
export const BACKTICKS_RUN = /\.(?:rb|rake|erb|pl|pm|php|phtml)$/i;

/** Whether code calls anything that runs a command line or code given as a string, or holds a directive that
 * has a tool run its line (`//go:generate sh -c "..."`). */
export function callsExecSink(code: string, backticksRun = true): boolean {
  if (/\/\/go:generate\b/.test(code)) return true;
  for (const match of matchesOf(EXEC_SINK, code)) {
    if (backticksRun || !match[0].startsWith("`")) return true;
  }
  return false;
}

/** The strings handed to calls that run them (`os.system('...')`, `execSync('...' + x)`, Ruby backticks): what
 * a source file being written would run, as opposed to strings it only holds (test inputs, messages). Backquoted
 * texts count only when `backticksRun` (the file's language runs them). */
export function sinkStrings(raw: string, backticksRun = true): string[] {
  const code = raw.length > MAX_CODE_CHARS ? raw.slice(0, MAX_CODE_CHARS) : raw;
  const found: string[] = [];
  let sinks = 0;
  for (const match of matchesOf(EXEC_SINK, code)) {
    if (match[0].startsWith("`")) {
      if (backticksRun && ++sinks <= MAX_SINKS) found.push(match[0].slice(1, -1));
      continue;
    }
    if (++sinks > MAX_SINKS) break;
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    // A builder (`Command::new("sh").arg("-c").arg("...")`) runs to the end of its statement.
    const builder = /Command|ProcessBuilder/.test(match[0]);
    while (end < code.length && end - start < 2048 && (builder ? code[end] !== ";" : depth > 0)) {
      const char = code[end];
      if (char === "(") depth++;
      else if (char === ")") depth--;
      end++;
    }
    const argument = code.slice(start, end);
    const strings = codeStrings(argument);
    if (strings.length === 0) strings.push(...assignedStrings(code, argument));
    found.push(...strings);
    // A builder, or an argument list (`subprocess.run(["rm", "-rf", d])`), runs its strings as one command.
    if ((builder || /^\s*\[/.test(argument)) && strings.length > 1) found.push(strings.join(" "));
  }
  return found;
}
