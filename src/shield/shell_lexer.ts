/** Shell tokenizer: turns command text into words, operators, redirections and here-docs the way POSIX
 * shells read them, recording every command substitution so the parser can judge it too. Never throws. */

import { expandBraced } from "./shell_params.ts";
import { splicedEmpty } from "./shell_splices.ts";
import {
  decodeAnsiEscapes,
  findBacktickEnd,
  findClosingParen,
  skipAnsiQuoted,
  skipUntil,
} from "./shell_quoting.ts";

export type Token =
  | { kind: "word"; value: string }
  | { kind: "op"; value: string }
  | { kind: "redirect"; op: string; target: string }
  | { kind: "heredoc"; delimiter: string; body: string };

export interface LexResult {
  tokens: Token[];
  /** Inner text of every `$(...)`, backticks, `<(...)` and `>(...)`, for recursive parsing. */
  substitutions: string[];
  /** Start and end offsets of here-doc bodies in the text (their delimiter lines included). */
  heredocSpans: Array<[number, number]>;
  /** Round 91: words holding a command line the quoting hid -- spaces or operators that came from `$'...'` number
   * escapes, or from a known variable or a printed substitution expanded unquoted (`c='rm -rf ~'; $c`). */
  unfolded?: string[];
}

/** Variables assigned earlier in the same command (`a=rm; $a -rf /`), expanded when known. */
export type Variables = Map<string, string>;

const OPERATORS = ["&&", "||", ";;", "|&", ";", "|", "&", "\n", "(", ")"];
const REDIRECTS = ["<<<", "<<-", "<<", ">>", "&>>", "&>", ">&", "<&", ">|", "<>", ">", "<"];
/** Per ASCII character: 1 when it may start a redirection, an operator, or end a word. */
const REDIRECT_START = codeTable("<>&");
const OPERATOR_START = codeTable("&|;\n()");
const WORD_END = codeTable(" \t\n;&|()<>");
/** ASCII characters with no meaning inside a word (not a word end, quote, escape, `$` or backtick). */
const PLAIN = new Uint8Array(128).fill(1);
for (const char of " \t\n;&|()<>\\'\"$`") PLAIN[char.charCodeAt(0)] = 0;

/** Per UTF-16 code unit: 1 when it means nothing special inside double quotes. */
const QUOTED_PLAIN = new Uint8Array(65536).fill(1);
for (const char of '"\\$`') QUOTED_PLAIN[char.charCodeAt(0)] = 0;

const MAX_TOKENS = 4096;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const DECLARING = /^(?:export|declare|local|readonly|typeset)$/;
/** The flags of `declare -n` / `local -n` / `typeset -n`: a name reference. */
const NAMEREF = /^-[a-mo-zA-Z]*n[a-zA-Z]*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function codeTable(characters: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of characters) table[char.charCodeAt(0)] = 1;
  return table;
}

/** A `$(echo ...)` / `$(printf ...)` with literal arguments is replaced by its output, as the shell would. */
function staticOutput(inner: string, variables: Variables): string | undefined {
  const match = /^\s*(echo|printf)\s+([^|;&<>`$()]*)$/.exec(inner);
  if (!match) return undefined;
  const words = lex(match[2], variables).tokens
    .filter((token) => token.kind === "word")
    .map((token) => (token as { value: string }).value);
  const joined = words.filter((word) => !/^-[neE]+$/.test(word)).join(" ");
  return match[1] === "printf" ? decodeAnsiEscapes(joined) : joined;
}

/** Substitution text with quotes removed (`$(pgrep para''pet)` reads as `$(pgrep parapet)`). */
function plainWords(inner: string, variables: Variables): string {
  if (inner.length > 4096) return inner;
  return lex(inner, new Map(variables)).tokens
    .map((token) => token.kind === "word" ? token.value : token.kind === "op" ? token.value : "")
    .join(" ");
}

interface WordState {
  value: string;
  index: number;
  /** Round 91: a `$'...'` part with a number escape (`\x64`, `\144`, `\u0064`), or an unquoted expansion of a
   * known value, was read into the word: spaces in it do not come from the text as written. */
  unfolds?: boolean;
}

/** A number escape of `$'...'` quoting: hex, octal or Unicode. */
const NUMBER_ESCAPE = /\\(?:x[0-9a-fA-F]|u[0-9a-fA-F]|U[0-9a-fA-F]|[0-7])/;
/** What only a command line holds: a space or an operator between words. */
const LINE_CHARACTERS = /[\s;|&<>]/;

/** Reads one `$...` expansion at `i` (text[i] === "$"), appending to the word. */
function readDollar(
  text: string,
  i: number,
  word: WordState,
  variables: Variables,
  subs: string[],
  unquoted = false,
): number {
  const next = text[i + 1];
  if (next === "(") {
    const end = findClosingParen(text, i + 2);
    const inner = text.slice(i + 2, Math.max(i + 2, end - 1));
    subs.push(inner.startsWith("(") ? inner.slice(1, -1) : inner);
    const printed = staticOutput(inner, variables);
    if (printed !== undefined && unquoted) word.unfolds = true;
    word.value += printed ?? `$(${plainWords(inner, variables)})`;
    return end;
  }
  if (next === "{") {
    const end = skipUntil(text, i + 2, "}");
    const inner = text.slice(i + 2, end);
    const expanded = expandBraced(inner, variables);
    if (expanded === undefined && splicedEmpty(inner, variables, word.value, text, end + 1)) return end + 1;
    word.value += expanded ?? `\${${inner}}`;
    return end + 1;
  }
  // `$@` and `$*` are empty in a command the agent runs (no positional arguments): `cu$@rl` is `curl`.
  if (next === "@" || next === "*") return i + 2;
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1, i + 65))?.[0];
  if (name) {
    const value = variables.get(name);
    if (value === undefined && splicedEmpty(name, variables, word.value, text, i + 1 + name.length)) {
      return i + 1 + name.length;
    }
    if (value !== undefined && unquoted) word.unfolds = true;
    word.value += value ?? `$${name}`;
    return i + 1 + name.length;
  }
  word.value += "$";
  return i + 1;
}

/** Reads one word starting at `start`; returns the index after it. */
function readWord(text: string, start: number, variables: Variables, subs: string[]): WordState {
  const word: WordState = { value: "", index: start };
  let i = start;
  while (i < text.length && WORD_END[text.charCodeAt(i)] !== 1) {
    const c = text[i];
    if (c === "\\") {
      if (text[i + 1] !== "\n") word.value += text[i + 1] ?? "";
      i += 2;
    } else if (c === "'") {
      const end = skipUntil(text, i + 1, "'");
      word.value += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === "$" && text[i + 1] === "'") {
      const end = skipAnsiQuoted(text, i + 2);
      const written = text.slice(i + 2, end);
      if (NUMBER_ESCAPE.test(written)) word.unfolds = true;
      word.value += decodeAnsiEscapes(written);
      i = end + 1;
    } else if (c === '"' || (c === "$" && text[i + 1] === '"')) {
      i = readDoubleQuoted(text, c === "$" ? i + 2 : i + 1, word, variables, subs);
    } else if (c === "$") {
      i = readDollar(text, i, word, variables, subs, true);
    } else if (c === "`") {
      const end = findBacktickEnd(text, i + 1);
      const inner = text.slice(i + 1, end);
      subs.push(inner);
      const printed = staticOutput(inner, variables);
      if (printed !== undefined) word.unfolds = true;
      word.value += printed ?? `$(${inner})`;
      i = end + 1;
    } else {
      // A run of plain characters is appended in one piece.
      let end = i + 1;
      while (end < text.length && PLAIN[text.charCodeAt(end)] === 1) end++;
      word.value += end === i + 1 ? c : text.slice(i, end);
      i = end;
    }
  }
  word.index = i;
  return word;
}

function readDoubleQuoted(
  text: string,
  from: number,
  word: WordState,
  vars: Variables,
  subs: string[],
): number {
  let i = from;
  while (i < text.length && text[i] !== '"') {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      const next = text[i + 1];
      word.value += '$`"\\\n'.includes(next) ? (next === "\n" ? "" : next) : c + next;
      i += 2;
    } else if (c === "$") {
      i = readDollar(text, i, word, vars, subs);
    } else if (c === "`") {
      const end = findBacktickEnd(text, i + 1);
      subs.push(text.slice(i + 1, end));
      word.value += `$(${text.slice(i + 1, end)})`;
      i = end + 1;
    } else {
      // A run of characters with no meaning inside double quotes is appended in one piece.
      let end = i + 1;
      while (end < text.length && QUOTED_PLAIN[text.charCodeAt(end)] === 1) end++;
      word.value += end === i + 1 ? c : text.slice(i, end);
      i = end;
    }
  }
  return i + 1;
}

function matchAt(text: string, i: number, candidates: string[]): string | undefined {
  for (const candidate of candidates) if (text.startsWith(candidate, i)) return candidate;
  return undefined;
}

/** Reads here-doc bodies queued on the line that just ended at `i` (the newline). */
function readHeredocs(
  text: string,
  i: number,
  pending: string[],
  tokens: Token[],
  spans: Array<[number, number]>,
): number {
  let position = i + 1;
  const start = position;
  for (const delimiter of pending) {
    // The body is every line up to the delimiter line (leading tabs ignored), each ending in a newline: one
    // slice of the text.
    const bodyStart = position;
    let bodyEnd = position;
    let unterminated = false;
    while (position < text.length) {
      const end = text.indexOf("\n", position);
      const lineEnd = end < 0 ? text.length : end;
      let from = position;
      while (from < lineEnd && text.charCodeAt(from) === 0x09) from++;
      position = end < 0 ? text.length : end + 1;
      if (lineEnd - from === delimiter.length && text.startsWith(delimiter, from)) break;
      bodyEnd = position;
      unterminated = end < 0;
    }
    const body = text.slice(bodyStart, bodyEnd) + (unterminated ? "\n" : "");
    tokens.push({ kind: "heredoc", delimiter, body });
  }
  pending.length = 0;
  spans.push([start, position]);
  return position;
}

const MAX_BODY_SUBSTITUTIONS = 16;

/** Round 79: the command substitutions (`$(...)`, backticks) of the here-doc bodies read since `first` whose
 * delimiter was unquoted: the shell runs them while it expands the body (`mail ... <<EOF\n$(cat ~/.aws/credentials)`).
 * Arithmetic `$((...))` is no command. Bounded in count and body length. */
function bodySubstitutions(tokens: Token[], first: number, expanded: Set<string>, into: string[]): void {
  for (let k = first; k < tokens.length; k++) {
    const token = tokens[k];
    if (token.kind !== "heredoc" || !expanded.has(token.delimiter)) continue;
    const body = token.body;
    if (body.length > 64 * 1024 || (!body.includes("$(") && !body.includes("`"))) continue;
    let found = 0;
    for (let i = 0; i < body.length && found < MAX_BODY_SUBSTITUTIONS; i++) {
      const code = body.charCodeAt(i);
      if (code === 0x5c) {
        i++;
        continue;
      }
      if (code === 0x24 && body[i + 1] === "(" && body[i + 2] !== "(") {
        let depth = 1;
        let j = i + 2;
        for (; j < body.length && depth > 0; j++) {
          if (body[j] === "(") depth++;
          else if (body[j] === ")") depth--;
        }
        if (depth === 0) {
          into.push(body.slice(i + 2, j - 1));
          found++;
        }
        i = j - 1;
      } else if (code === 0x60) {
        const end = body.indexOf("`", i + 1);
        if (end < 0) break;
        into.push(body.slice(i + 1, end));
        found++;
        i = end;
      }
    }
  }
}

/** True when every word since the last operator is itself an assignment (`A=1 B=2 ...`). */
function isLeadingAssignment(tokens: Token[]): boolean {
  for (let k = tokens.length - 1; k >= 0; k--) {
    const token = tokens[k];
    if (token.kind === "op") return true;
    if (token.kind !== "word" || !/^[A-Za-z_][A-Za-z0-9_]*=/.test(token.value)) return false;
  }
  return true;
}

/** Splits shell text into tokens. Bounded: at most MAX_TOKENS tokens; the rest is ignored. */
export function lex(text: string, variables: Variables): LexResult {
  const tokens: Token[] = [];
  const substitutions: string[] = [];
  const heredocSpans: Array<[number, number]> = [];
  const pendingHeredocs: string[] = [];
  const expandedHeredocs = new Set<string>();
  let unfolded: string[] | undefined;
  let i = 0;
  while (i < text.length && tokens.length < MAX_TOKENS) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      i = skipUntil(text, i, "\n");
      continue;
    }
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if ((c === "<" || c === ">") && text[i + 1] === "(") {
      const end = findClosingParen(text, i + 2);
      substitutions.push(text.slice(i + 2, Math.max(i + 2, end - 1)));
      tokens.push({ kind: "word", value: `${c}(${text.slice(i + 2, Math.max(i + 2, end - 1))})` });
      i = end;
      continue;
    }
    const fd = c >= "0" && c <= "9" ? /^[0-9]{1,2}(?=[<>])/.exec(text.slice(i, i + 3))?.[0] ?? "" : "";
    const redirect = REDIRECT_START[text.charCodeAt(i + fd.length)] === 1
      ? matchAt(text, i + fd.length, REDIRECTS)
      : undefined;
    if (redirect) {
      i += fd.length + redirect.length;
      while (text[i] === " " || text[i] === "\t") i++;
      const from = i;
      const target = readWord(text, i, variables, substitutions);
      i = target.index;
      if (redirect === "<<" || redirect === "<<-") {
        pendingHeredocs.push(target.value);
        // Round 79: an unquoted delimiter (`<<EOF`, not `<<'EOF'` or `<<\EOF`) has the shell expand the body's
        // command substitutions, which run as commands.
        if (!/['"\\]/.test(text.slice(from, i))) expandedHeredocs.add(target.value);
      } else tokens.push({ kind: "redirect", op: redirect, target: target.value });
      continue;
    }
    const operator = OPERATOR_START[text.charCodeAt(i)] === 1 ? matchAt(text, i, OPERATORS) : undefined;
    if (operator) {
      if (operator === "\n" && pendingHeredocs.length > 0) {
        tokens.push({ kind: "op", value: "\n" });
        const first = tokens.length;
        i = readHeredocs(text, i, pendingHeredocs, tokens, heredocSpans);
        bodySubstitutions(tokens, first, expandedHeredocs, substitutions);
        continue;
      }
      tokens.push({ kind: "op", value: operator });
      i += operator.length;
      continue;
    }
    const word = readWord(text, i, variables, substitutions);
    i = word.index > i ? word.index : i + 1;
    const previous = tokens[tokens.length - 1];
    const assignment = word.value.includes("=") ? ASSIGNMENT.exec(word.value) : null;
    if (
      assignment &&
      (!previous || previous.kind === "op" || (previous.kind === "word" && DECLARING.test(previous.value)) ||
        isLeadingAssignment(tokens))
    ) {
      variables.set(assignment[1], assignment[2]);
    } else if (
      assignment && previous?.kind === "word" && NAMEREF.test(previous.value) && NAME.test(assignment[2])
    ) {
      // `declare -n r=HOME`: `$r` is `$HOME`.
      variables.set(assignment[1], variables.get(assignment[2]) ?? `\${${assignment[2]}}`);
    }
    if (word.unfolds && LINE_CHARACTERS.test(word.value)) {
      (unfolded ??= []).push(
        assignment && variables.get(assignment[1]) === assignment[2] ? assignment[2] : word.value,
      );
    }
    tokens.push({ kind: "word", value: word.value });
  }
  if (pendingHeredocs.length > 0) {
    const first = tokens.length;
    readHeredocs(text, text.length, pendingHeredocs, tokens, heredocSpans);
    bodySubstitutions(tokens, first, expandedHeredocs, substitutions);
  }
  return unfolded
    ? { tokens, substitutions, heredocSpans, unfolded }
    : { tokens, substitutions, heredocSpans };
}
