/** PowerShell code assembled at run time from constant pieces (round 61): the format operator reordering its
 * arguments (`'{2}{0}{1}' -f 'ex','(iwr http://...)','i'`), `-join` of a list of strings, `[char]` codes and
 * `[char[]]` arrays, `+` between literals, `-replace` of a plain pattern and a string reversed (`[array]::Reverse`,
 * `$s[-1..-($s.Length)]`). The pieces are evaluated where they are constants and the code is judged with each
 * assembly replaced by the one string it makes; when the code runs a string as code (`iex`, `Invoke-Expression`,
 * `& ([scriptblock]::Create(...))`, `$ExecutionContext.InvokeCommand.InvokeScript`, `.Invoke()`), the strings it made
 * are also judged as lines of their own, as the command they are. Sources: Daniel Bohannon's Invoke-Obfuscation
 * (string reordering, joining, reversal, char codes); MITRE ATT&CK T1027.010 (command obfuscation). */

import { matchesOf } from "./match_all.ts";

const MAX_CODE = 32 * 1024;
const MAX_ROUNDS = 4;
/** A cheap sign of an assembly (lower case). */
export const HINT = /['"]\s*-f\s|-join|\[char|-replace|reverse|\[\s*-1\s*\.\./i;
/** A single- or double-quoted PowerShell string without an expansion (`$`) or escape (`` ` ``) in it. */
const STRING = String.raw`(?:'(?:[^'\n]|'')*'|"[^"$\x60\n]*")`;
const LIST = String.raw`${STRING}(?:\s*,\s*${STRING})*`;
/** `'{2}{0}{1}' -f 'ex','...','i'`, the format string and its arguments all constants. */
const FORMAT = new RegExp(String.raw`(${STRING})\s*-f\s*(?:\(\s*(${LIST})\s*\)|(${LIST}))`, "gi");
/** `-join ('a','b')`, `-join @('a','b')`, `('a','b') -join ''`, `'a','b' -join ''`. */
const JOIN_UNARY = new RegExp(String.raw`-join\s*@?\(\s*(${LIST})\s*\)|-join\s*(${STRING})`, "gi");
const JOIN_BINARY = new RegExp(
  String.raw`@?\(\s*(${LIST})\s*\)\s*-join\s*(${STRING})|(${LIST})\s*-join\s*(${STRING})`,
  "gi",
);
/** `[char]105`, `[char]0x69`, `[char[]](105,101,120)`, `[char[]]@(...)`. */
const CHAR = /\[char\]\s*\(?\s*(0x[0-9a-f]{1,4}|\d{1,5})\s*\)?/gi;
const CHAR_ARRAY =
  /\[char\[\]\]\s*@?\(\s*((?:(?:0x[0-9a-f]{1,4}|\d{1,5})\s*,\s*)*(?:0x[0-9a-f]{1,4}|\d{1,5}))\s*\)/gi;
/** Two literals joined by `+`. */
const PLUS = new RegExp(String.raw`(${STRING})\s*\+\s*(${STRING})`, "g");
/** `'...' -replace 'x','y'` with a pattern of plain characters. */
const REPLACE = new RegExp(String.raw`(${STRING})\s*-replace\s*(${STRING})\s*,\s*(${STRING})`, "gi");
/** A string reversed: `[array]::Reverse($x)`, `$s[-1..-($s.Length)]`. */
const REVERSAL = /\[array\]::reverse\s*\(|\[\s*-1\s*\.\.\s*-/i;
/** Code run from a string in the same script (a `powershell -c` around it does not count: that runs the script). */
const RUNS_CODE =
  /\biex\b|invoke-expression|\[scriptblock\]::create|invokecommand\.(?:invokescript|newscriptblock)|\.invoke\s*\(|(?:^|[;|(\s])[&.]\s*\(|invoke-command/;
const REGEX_META = /[\\^$.|?*+()[\]{}]/;
/** `$name = 'constant'` (or `('constant')`), the name's only assignment: its uses stand for the constant. */
const ASSIGNED = new RegExp(String.raw`\$(\w{1,32})\s*=\s*\(?\s*(${STRING})\s*\)?\s*(?=;|\n|$)`, "g");

function unquote(literal: string): string {
  return literal.startsWith("'") ? literal.slice(1, -1).replace(/''/g, "'") : literal.slice(1, -1);
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function items(list: string): string[] {
  return [...list.matchAll(new RegExp(STRING, "g"))].map((match) => unquote(match[0]));
}

function charOf(code: string): string {
  const value = code.toLowerCase().startsWith("0x") ? parseInt(code, 16) : Number(code);
  return value > 0 && value < 0x10000 ? String.fromCharCode(value) : "";
}

/** One pass of every evaluation over the code; `made` collects the strings assembled. */
function evaluated(code: string, made: string[]): string {
  const keep = (text: string) => {
    made.push(text);
    return quote(text);
  };
  return code
    .replace(
      CHAR_ARRAY,
      (_all, numbers: string) => keep(numbers.split(",").map((n) => charOf(n.trim())).join("")),
    )
    .replace(CHAR, (_all, number: string) => quote(charOf(number)))
    .replace(PLUS, (_all, left: string, right: string) => keep(unquote(left) + unquote(right)))
    .replace(
      JOIN_BINARY,
      (_all, listA?: string, sepA?: string, listB?: string, sepB?: string) =>
        keep(items(listA ?? listB!).join(unquote(sepA ?? sepB!))),
    )
    .replace(FORMAT, (all, format: string, inParens?: string, list?: string) => {
      const args = items(inParens ?? list!);
      const text = unquote(format).replace(/\{(\d{1,2})\}/g, (slot, at: string) => args[Number(at)] ?? slot);
      return text === unquote(format) ? all : keep(text);
    })
    .replace(
      JOIN_UNARY,
      (_all, list?: string, one?: string) => keep(list ? items(list).join("") : unquote(one!)),
    )
    .replace(REPLACE, (all, text: string, pattern: string, by: string) => {
      const from = unquote(pattern);
      if (from === "" || REGEX_META.test(from)) return all;
      return keep(unquote(text).split(from).join(unquote(by)));
    });
}

/** Uses of variables holding one constant replaced by it: `.$p(` by the method name, `"$s"` and `$s` by the string. */
function substituted(code: string): string {
  const values = new Map<string, string | undefined>();
  for (const match of matchesOf(ASSIGNED, code)) {
    const name = match[1].toLowerCase();
    values.set(name, values.has(name) ? undefined : unquote(match[2]));
  }
  if (values.size === 0) return code;
  return code.replace(/(\.)?("?)\$(\w{1,32})\2(?!\s*=)/g, (use, dot?: string, _q?: string, name?: string) => {
    const value = values.get(name!.toLowerCase());
    if (value === undefined) return use;
    return dot ? `.${value}` : quote(value);
  });
}

/** The code with its constant assemblies evaluated and, when it runs a string as code, the strings it made (and
 * its literals reversed, when it reverses one) as lines of their own; undefined when it assembles nothing. */
export function assembledPowerShell(code: string): string | undefined {
  if (code.length > MAX_CODE || !HINT.test(code)) return undefined;
  const made: string[] = [];
  let text = code;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = substituted(evaluated(text, made));
    if (next === text) break;
    text = next;
  }
  const reversed = REVERSAL.test(code)
    ? [...text.matchAll(new RegExp(STRING, "g"))].map((match) => [...unquote(match[0])].reverse().join(""))
    : [];
  if (text === code && reversed.length === 0) return undefined;
  const lines = RUNS_CODE.test(code.toLowerCase())
    ? [...new Set([...made, ...reversed])].filter((line) => line.length >= 4)
    : [];
  return [text, ...lines].join("\n");
}

/** Pieces that fetch or run code, inside a string literal (lower case). */
const DOWNLOAD_PIECE =
  /['"][^'"\n]*(?:https?:\/\/|\biwr\b|\birm\b|\biex\b|invoke-(?:webrequest|restmethod|expression)|downloadstring|downloadfile|net\.webclient|bitstransfer)[^'"\n]*['"]/;
/** Operators that assemble a string at run time (lower case). */
const ASSEMBLES =
  /['"]\s*-f\s|-join|\[char|-replace|\[array\]::reverse|['"]\s*\+\s*(?:['"]|\$)|\$\w+\s*\+\s*['"]/;

/** Whether PowerShell code runs a string it assembles at run time from pieces one of which fetches or runs code,
 * whatever could not be evaluated of it (`iex ($a + 'wr http://...')`). */
export function runsAssembledDownload(code: string): boolean {
  if (code.length > MAX_CODE || !HINT.test(code) && !code.includes("+")) return false;
  const lower = code.toLowerCase();
  return RUNS_CODE.test(lower) && ASSEMBLES.test(lower) && DOWNLOAD_PIECE.test(lower);
}
