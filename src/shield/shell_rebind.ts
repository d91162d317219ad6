/** What bash runs once a command's own definitions apply, for the parser to judge besides the text as written:
 * calls of functions defined in the command inlined with their arguments (`g() { rm -rf "$@"; }; g ~`), aliases
 * replaced by their values (`alias r='rm -rf'` then `r ~`), positional parameters filled from `set -- ...`
 * (`set -- rm -rf ~; "$@"`), and a process substitution written to (`curl ... > >(sh)`, `curl ... | tee >(sh)`) read as
 * the pipe it is; `env -S 'bash -s'` read as the words env splits it into;
 * a link made in the command (`ln -s ~ h; rm -rf h/`) read as its target; a value bound by `read ... <<<`,
 * `printf -v`, `mapfile` or an array put where the variable is used (`read -r c <<< 'rm -rf ~'; $c`); a command
 * reading a coprocess's output read as piped from it. Gated by literal tests: most commands define nothing and pay one `includes` per construct. */

import { lex } from "./shell_lexer.ts";
import { matchesOf } from "./match_all.ts";

const NAME = String.raw`[A-Za-z_][\w.:-]*`;
/** The head of `name() { body; }`, `function name { body; }`, `function name() { body; }` and of the subshell forms
 * `name() ( body )` (round 32): the body runs to its matching `}` word or `)` (`bodyEnd`), past nested groups. */
const DEFINITION_HEAD = new RegExp(
  String.raw`(?<![^\s;&|(])(?:function\s+(${NAME})\s*(?:\(\s*\))?|(${NAME})\s*\(\s*\))\s*(\{(?=\s)|\()`,
  "g",
);
const ALIAS = new RegExp(
  String.raw`(?<![^\s;&|(])alias\s+((?:${NAME}=(?:'[^']*'|"[^"]*"|[^\s;&|'"]+)[ \t]*)+)`,
  "g",
);
const SET_POSITIONAL = /(?<![^\s;&|(])set\s+--\s+([^\n;&|]*)/;
/** `$1`...`$9`, `${1}`, `$@`, `$*`, `${@}`, quoted or not. */
const POSITIONAL = /"\$(?:\{([1-9@*])\}|([1-9@*]))"|\$(?:\{([1-9@*])\}|([1-9@*]))/g;
/** A `>(...)` word (no nested parentheses), the redirection or `tee` before it and the rest of its command. */
const WRITTEN_SUBSTITUTION = /(\s\d?>>?\s*|\|\s*tee(?:\s+-\S+)*\s+|\s)>\(([^()]*)\)([^\n;&|]*)/;
/** `env -S 'STRING'`, `env -S'STRING'`, `env --split-string=STRING`: env splits the string into the command's words. */
const SPLIT_STRING =
  /(?<![^\s;&|(])env((?:\s+-[^\sS-]\S*)*)\s+(?:-S\s*|--split-string(?:=|\s+))('[^']*'|"[^"]*"|[^\s;&|'"]+)/g;
/** `ln [-s] TARGET NAME` ending its command: later uses of NAME reach TARGET (`ln -s ~ h; rm -rf h/`). */
const LINK =
  /(?<![^\s;&|(])ln((?:\s+-[a-zA-Z-]+)*)\s+([^\s;&|'"-][^\s;&|'"]*)\s+([\w.-]+)\/?(?=\s*(?:[;&|\n]|$))/g;
/** Values bound by a builtin rather than `NAME=value`: `read [-r] NAME <<< WORD`, `mapfile`/`readarray [-t] NAME <<<
 * WORD`, `printf -v NAME FORMAT ARGS...`, and arrays `NAME=(WORDS)`. */
const READ_BINDING =
  /(?<![^\s;&|(])(?:read|mapfile|readarray)((?:\s+-[a-zA-Z]+)*)\s+([A-Za-z_]\w*)\s*<<<\s*('[^']*'|"[^"]*"|[^\s;&|'"]+)/g;
const PRINTF_BINDING = /(?<![^\s;&|(])printf\s+-v\s+([A-Za-z_]\w*)\s+([^\n;&|]*)/g;
const ARRAY_BINDING = /(?<![^\s;&|(])([A-Za-z_]\w*)=\(([^()]*)\)/g;
/** `NAME[INDEX]=WORD`: an array built one element at a time (round 32: `a[0]=rm; a[1]=-rf; "${a[@]}" ~`). */
const ELEMENT_BINDING = /(?<![^\s;&|(])([A-Za-z_]\w*)\[(\d{1,3})\]=('[^']*'|"[^"]*"|[^\s;&|'"]*)/g;
/** `coproc [NAME] { CMD; }` or `coproc CMD`: its output is read from `${NAME[0]}` (`COPROC` unnamed). */
const COPROC = /(?<![^\s;&|(])coproc\s+(?:(?:([A-Za-z_]\w*)\s+)?\{\s*([^{}]*?)\s*;?\s*\}|([^;&|\n{]+))/g;
const MAX_TEXT = 16 * 1024;
const MAX_CALLS = 32;

function quoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The words of `text` as the shell passes them (quotes removed, known forms expanded). */
function words(text: string): string[] {
  return lex(text, new Map()).tokens.flatMap((token) => token.kind === "word" ? [token.value] : []);
}

/** `body` with `$1`, `"$@"` and their kin replaced by `args`, each quoted as one word. */
function withPositional(body: string, args: readonly string[]): string {
  return body.replace(POSITIONAL, (_all, a?: string, b?: string, c?: string, d?: string) => {
    const which = a ?? b ?? c ?? d ?? "";
    if (which === "@" || which === "*") return args.map(quoted).join(" ");
    const value = args[Number(which) - 1];
    return value === undefined ? "''" : quoted(value);
  });
}

/** Each command-position use of `name` in `text` replaced by `expand(arguments as written)`. */
function replaceCalls(text: string, name: string, expand: (args: string) => string): string {
  const escaped = name.replace(/[.]/g, "\\.");
  const call = new RegExp(
    String.raw`(?<=^\s*|[\n;&|(]\s*|\b(?:then|do|else)\s+)${escaped}(?=[\s;&|)]|$)([^\n;&|)]*)`,
    "g",
  );
  let count = 0;
  return text.replace(call, (all, args: string) => ++count > MAX_CALLS ? all : expand(args));
}

/** Where a body opened just before `start` by `open` ends (its closing `}` word or `)`), or -1; quotes skipped. */
function bodyEnd(text: string, start: number, open: string): number {
  let depth = 1;
  let quote = "";
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === quote) quote = "";
      else if (char === "\\" && quote === '"') at++;
    } else if (char === "\\") at++;
    else if (char === "'" || char === '"') quote = char;
    else if (open === "(") {
      if (char === "(") depth++;
      else if (char === ")" && --depth === 0) return at;
    } else if (char === "{" && /[\s;&|(]/.test(text[at - 1]) && /\s/.test(text[at + 1] ?? "")) depth++;
    else if (char === "}" && /[;&\n]\s*$/.test(text.slice(Math.max(0, at - 8), at)) && --depth === 0) {
      return at;
    }
  }
  return -1;
}

/** `nested`: how many more passes may read a definition that was inside a body, now inlined where it was called. */
function inlineFunctions(text: string, nested = 1): string {
  const bodies = new Map<string, string>();
  let rest = "";
  let from = 0;
  for (const head of matchesOf(DEFINITION_HEAD, text)) {
    if (head.index < from) continue; // a definition inside a body already taken: inlined with it
    if (bodies.size >= MAX_CALLS) break;
    const start = head.index + head[0].length;
    const end = bodyEnd(text, start, head[3]);
    if (end < 0) break;
    bodies.set(head[1] ?? head[2] ?? "", text.slice(start, end).trim().replace(/[\s;&]+$/, ""));
    rest += `${text.slice(from, head.index)} `;
    from = end + 1;
  }
  if (bodies.size === 0) return text;
  let rebuilt = rest + text.slice(from);
  // Two rounds: a function may call another defined before or after it.
  for (let round = 0; round < 2; round++) {
    for (const [name, body] of bodies) {
      rebuilt = replaceCalls(rebuilt, name, (args) => ` { ${withPositional(body, words(args))} ; } `);
    }
  }
  return nested > 0 && (rebuilt.includes("()") || rebuilt.includes("function"))
    ? inlineFunctions(rebuilt, nested - 1)
    : rebuilt;
}

function expandAliases(text: string): string {
  const values = new Map<string, string>();
  for (const match of matchesOf(ALIAS, text)) {
    for (const word of words(match[1])) {
      const equals = word.indexOf("=");
      if (equals > 0) values.set(word.slice(0, equals), word.slice(equals + 1));
    }
  }
  let rebuilt = text.replace(ALIAS, " ");
  for (const [name, value] of values) rebuilt = replaceCalls(rebuilt, name, (args) => `${value}${args}`);
  return rebuilt;
}

function fillPositional(text: string): string {
  const set = SET_POSITIONAL.exec(text);
  if (!set) return text;
  const after = set.index + set[0].length;
  return text.slice(0, after) + withPositional(text.slice(after), words(set[1]));
}

/** Each array assigned element by element, bound (its elements in index order) after its last assignment. */
function bindElements(text: string, bindings: Array<{ name: string; value: string; after: number }>): void {
  const arrays = new Map<string, { elements: Map<number, string>; after: number }>();
  for (const match of matchesOf(ELEMENT_BINDING, text)) {
    const array = arrays.get(match[1]) ?? { elements: new Map<number, string>(), after: 0 };
    array.elements.set(Number(match[2]), words(match[3]).join(" "));
    array.after = (match.index ?? 0) + match[0].length;
    arrays.set(match[1], array);
  }
  for (const [name, { elements, after }] of arrays) {
    const value = [...elements].sort(([a], [b]) => a - b).map(([, word]) => word).join(" ");
    bindings.push({ name, value, after });
  }
}

/** A bound value's words in place of each later `$NAME`, `${NAME}`, `${NAME[@]}`, `${NAME[*]}`, `${NAME[0]}`
 * (quoted or not): what the command built in a variable is what runs. */
function fillBindings(text: string): string {
  const bindings: Array<{ name: string; value: string; after: number }> = [];
  const bind = (name: string, value: string, match: RegExpMatchArray) =>
    bindings.push({ name, value, after: (match.index ?? 0) + match[0].length });
  if (text.includes("<<<")) {
    for (const match of matchesOf(READ_BINDING, text)) bind(match[2], words(match[3]).join(" "), match);
  }
  if (text.includes("-v")) {
    for (const match of matchesOf(PRINTF_BINDING, text)) {
      const [format = "", ...args] = words(match[2]);
      let k = 0;
      bind(match[1], format.replace(/%[-0-9.]*[sdbq]/g, () => args[k++] ?? "").replace(/\\n/g, " "), match);
    }
  }
  if (text.includes("=(")) {
    for (const match of matchesOf(ARRAY_BINDING, text)) bind(match[1], words(match[2]).join(" "), match);
  }
  if (text.includes("]=")) bindElements(text, bindings);
  let rebuilt = text;
  for (const { name, value, after } of bindings.slice(0, 8)) {
    const use = new RegExp(String.raw`"?\$(?:\{${name}(?:\[(?:[@*]|0)\])?\}|${name}(?!\w))"?`, "g");
    rebuilt = rebuilt.slice(0, after) + rebuilt.slice(after).replace(use, () => value);
  }
  return rebuilt;
}

/** A command reading a coprocess's output (`sh <&${COPROC[0]}`) is read as piped from it (`curl ... | sh`). */
function pipeCoprocesses(text: string): string {
  let rebuilt = text;
  for (const match of [...matchesOf(COPROC, text)].slice(0, 4)) {
    const name = match[1] ?? "COPROC";
    const inner = (match[2] ?? match[3] ?? "").trim();
    const reads = new RegExp(String.raw`[^;&|\n]*<&\s*"?\$\{${name}\[0\]\}"?[^;&|\n]*`, "g");
    for (const reader of text.slice((match.index ?? 0) + match[0].length).match(reads)?.slice(0, 4) ?? []) {
      rebuilt += ` ; ${inner} | ${reader.replace(/<&\s*"?\$\{\w+\[0\]\}"?/, " ")}`;
    }
  }
  return rebuilt;
}

/** Uses of a link made earlier in the command read as its target (a link name stays a word of its own). */
function followLinks(text: string): string {
  let rebuilt = text;
  for (const match of [...matchesOf(LINK, text)].slice(0, 8)) {
    const [all, , target, name] = match;
    if (name === "." || name === "..") continue;
    const after = (match.index ?? 0) + all.length;
    const use = new RegExp(String.raw`(?<=[\s'"=])${name.replace(/[.]/g, "\\.")}(?=/|[\s'";&|)]|$)`, "g");
    const tail = rebuilt.slice(after);
    const followed = tail.replace(use, () => target);
    if (followed !== tail) rebuilt = rebuilt.slice(0, after) + followed;
  }
  return rebuilt;
}

/** `a > >(sh)` and `a | tee >(sh)` as `a | sh` (what is written there is what the substituted command reads). */
function pipeWrittenSubstitutions(text: string): string {
  let rebuilt = text;
  for (let k = 0; k < 8; k++) {
    const match = WRITTEN_SUBSTITUTION.exec(rebuilt);
    if (!match) break;
    const [all, , inner, rest] = match;
    rebuilt = rebuilt.slice(0, match.index) + ` ${rest} | ${inner}` + rebuilt.slice(match.index + all.length);
  }
  return rebuilt;
}

/** What each step of reboundCommand looks for before it runs (the `includes` tests below, in their order). */
export const STEP_MARKS = [
  "function",
  "()",
  "alias",
  "set --",
  "-S",
  "--split-string",
  "<<<",
  "printf",
  "=(",
  "]=",
  "ln ",
  "coproc",
  ">(",
];
/** Any step's mark (speed round 27): a text with none is left as it is by every step, so one search answers it
 * (a regex of the marks: about half the time of the thirteen searches it replaces on a command line). */
const ANY_STEP_MARK = new RegExp(
  STEP_MARKS.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
);

/** The command as bash would run it after applying its own definitions, or undefined when none applies. */
export function reboundCommand(text: string): string | undefined {
  if (text.length > MAX_TEXT || !ANY_STEP_MARK.test(text)) return undefined;
  let rebuilt = text;
  if (rebuilt.includes("function") || rebuilt.includes("()")) rebuilt = inlineFunctions(rebuilt);
  if (rebuilt.includes("alias")) rebuilt = expandAliases(rebuilt);
  if (rebuilt.includes("set --")) rebuilt = fillPositional(rebuilt);
  if (rebuilt.includes("-S") || rebuilt.includes("--split-string")) {
    rebuilt = rebuilt.replace(
      SPLIT_STRING,
      (_all, options: string, string: string) => `env${options} ${words(string)[0] ?? ""}`,
    );
  }
  if (
    rebuilt.includes("<<<") || rebuilt.includes("printf") || rebuilt.includes("=(") || rebuilt.includes("]=")
  ) {
    rebuilt = fillBindings(rebuilt);
  }
  if (rebuilt.includes("ln ")) rebuilt = followLinks(rebuilt);
  if (rebuilt.includes("coproc")) rebuilt = pipeCoprocesses(rebuilt);
  if (rebuilt.includes(">(")) rebuilt = pipeWrittenSubstitutions(rebuilt);
  return rebuilt === text ? undefined : rebuilt;
}
