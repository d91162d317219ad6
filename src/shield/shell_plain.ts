/** A command line of plain words, split without the lexer (round 17): most short commands are one program and its
 * arguments, with nothing the lexer or the parser would read otherwise. Such a line's words are exactly the word
 * tokens `lex` makes of it, it sets no variable and holds no substitution, here-doc, operator, redirection,
 * comment, quote, escape, expansion, brace list or wildcard, so the parser takes its segment straight from them. */

/** Per ASCII character: 1 when it may stand in a plain word. Left out: the lexer's operators, redirections,
 * quotes, escapes, `$`, backticks and comments; `=` (assignments set variables); the braces and wildcard
 * characters the parser expands; control characters (`\r`, `\n` and the rest). */
const PLAIN_WORD = new Uint8Array(128);
for (let code = 0x21; code < 0x7f; code++) PLAIN_WORD[code] = 1;
for (const char of ";&|()<>\\'\"$`#={}?*[") PLAIN_WORD[char.charCodeAt(0)] = 0;

/** The lexer's bound on tokens: a longer line goes to the lexer, which cuts it. */
const MAX_PLAIN_WORDS = 4096;

/** The line's words when it is ASCII plain words separated by spaces and tabs; undefined otherwise. */
export function plainWords(text: string): string[] | undefined {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x09) {
      if (start >= 0) {
        words.push(text.slice(start, i));
        start = -1;
      }
    } else if (code >= 0x80 || PLAIN_WORD[code] === 0) return undefined;
    else if (start < 0) start = i;
  }
  if (start >= 0) words.push(text.slice(start));
  return words.length < MAX_PLAIN_WORDS ? words : undefined;
}
