/** Shell quoting as the lexer reads it: the escapes of `$'...'` quoting (and printf), and where a quoted string, a
 * backtick substitution or a `$(...)` ends, honouring the quotes and escapes inside them. */

import { ownTable } from "../lib/own_table.ts";

const ANSI_ESCAPES: Record<string, string> = ownTable({
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
});

/** Decodes `\n`, `\xHH`, `\uHHHH`, `\NNN` escapes as `$'...'` quoting and printf do. */
export function decodeAnsiEscapes(text: string): string {
  return text.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|0?[0-7]{1,3}|c.|.)/gs,
    (all, code: string) => {
      const head = code[0];
      if (head === "x" || head === "u" || head === "U") {
        const point = parseInt(code.slice(1), 16);
        return point <= 0x10ffff ? String.fromCodePoint(point) : all;
      }
      if (head >= "0" && head <= "7") return String.fromCharCode(parseInt(code, 8) & 0xff);
      if (head === "c") return "";
      return ANSI_ESCAPES[code] ?? all;
    },
  );
}

/** Index just past the `)` closing a `$(` or `(` opened before `start`, honouring quotes and nesting. */
export function findClosingParen(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === "'") i = skipUntil(text, i + 1, "'") + 1;
    else if (c === '"') i = skipDoubleQuoted(text, i + 1) + 1;
    else {
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return i + 1;
      i++;
    }
  }
  return text.length;
}

export function skipUntil(text: string, from: number, close: string): number {
  const end = text.indexOf(close, from);
  return end < 0 ? text.length : end;
}

function skipDoubleQuoted(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return Math.min(i, text.length);
}

export function findBacktickEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== "`") i += text[i] === "\\" ? 2 : 1;
  return Math.min(i, text.length);
}

export function skipAnsiQuoted(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== "'") i += text[i] === "\\" ? 2 : 1;
  return Math.min(i, text.length);
}
