/** A command line of plain words, split without the lexer (round 17): most short commands are programs and their
 * arguments, some of them quoted, joined by `&&`, `||`, `;` or `|`, with nothing else the lexer or the parser would
 * read. Such a line's words and operators are exactly the tokens `lex` makes of it, it sets no variable and holds
 * no substitution, here-doc, subshell, redirection, comment, escape, expansion, brace list or wildcard, so the
 * parser takes its segments straight from them. */

/** Per ASCII character: 1 when it may stand in a plain word outside quotes. Left out: the lexer's operators (`;`,
 * `&` and `|` join commands), parentheses, redirections, escapes, `$`, backticks and comments; `=` (assignments set variables); the braces and wildcard
 * characters the parser expands (in quoted words too); control characters (`\r`, `\n` and the rest). Quotes
 * start a quoted part. */
const PLAIN_WORD = new Uint8Array(128);
for (let code = 0x21; code < 0x7f; code++) PLAIN_WORD[code] = 1;
for (const char of ";&|()<>\\'\"$`#={}?*[") PLAIN_WORD[char.charCodeAt(0)] = 0;

/** Per ASCII character: 1 when it stands for itself inside single quotes and may stand in a plain word there
 * (spaces and tabs too); inside double quotes `\`, `$` and backticks are read by the lexer and left out as well. */
const SINGLE_QUOTED = new Uint8Array(128);
for (let code = 0x20; code < 0x7f; code++) SINGLE_QUOTED[code] = 1;
SINGLE_QUOTED[0x09] = 1;
for (const char of "'#={}?*[") SINGLE_QUOTED[char.charCodeAt(0)] = 0;
const DOUBLE_QUOTED = SINGLE_QUOTED.slice();
for (const char of '"\\$`') DOUBLE_QUOTED[char.charCodeAt(0)] = 0;
DOUBLE_QUOTED[0x27] = 1;

/** The lexer's bound on tokens: a longer line goes to the lexer, which cuts it. */
const MAX_PLAIN_TOKENS = 4096;
/** The lexer's operators that `;`, `&` and `|` start, in the order it tries them. */
const JOINS = ["&&", "||", ";;", "|&", ";", "|", "&"];

/** A plain line's commands (their words, possibly none) and the operator after each but the last. */
export interface PlainLine {
  commands: string[][];
  joins: string[];
}

/** Where the quoted part opened at `open` ends (its closing quote), or -1 when it is not plain or not closed. */
function quotedEnd(text: string, open: number): number {
  const table = text.charCodeAt(open) === 0x27 ? SINGLE_QUOTED : DOUBLE_QUOTED;
  const close = text.charCodeAt(open);
  for (let i = open + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === close) return i;
    if (code >= 0x80 || table[code] === 0) return -1;
  }
  return -1;
}

/** The line's commands when it is ASCII plain words, whole or in part quoted, separated by spaces and tabs and
 * joined by operators; undefined otherwise. */
export function plainLine(text: string): PlainLine | undefined {
  let words: string[] = [];
  const line: PlainLine = { commands: [words], joins: [] };
  let tokens = 0;
  // The current word: its quoted and finished parts, and where its unquoted run began (-1: none open).
  let word = "";
  let inWord = false;
  let run = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const join = code === 0x3b || code === 0x26 || code === 0x7c;
    if (code === 0x20 || code === 0x09 || join) {
      if (inWord) {
        words.push(run >= 0 ? word + text.slice(run, i) : word);
        tokens++;
      }
      word = "";
      inWord = false;
      run = -1;
      if (!join) continue;
      const operator = JOINS.find((candidate) => text.startsWith(candidate, i))!;
      line.joins.push(operator);
      line.commands.push(words = []);
      tokens++;
      i += operator.length - 1;
    } else if (code === 0x27 || code === 0x22) {
      const end = quotedEnd(text, i);
      if (end < 0) return undefined;
      if (run >= 0) word += text.slice(run, i);
      word += text.slice(i + 1, end);
      inWord = true;
      run = -1;
      i = end;
    } else if (code >= 0x80 || PLAIN_WORD[code] === 0) return undefined;
    else {
      if (run < 0) run = i;
      inWord = true;
    }
  }
  if (inWord) {
    words.push(run >= 0 ? word + text.slice(run) : word);
    tokens++;
  }
  return tokens < MAX_PLAIN_TOKENS ? line : undefined;
}
