/** What a sub-agent prompt holds that a shell would run or touch, found without parsing its prose as a command
 * line: commands that start at a command word, lines that may hold a command, code spans and fenced blocks, and
 * the words that read as paths. `action_view.ts` parses what these return. */

import { looksLikePath } from "./paths.ts";
import { matchesOf } from "./match_all.ts";

/** Words that start a command inside prose (task text): parsing resumes at each of them. */
const COMMAND_WORDS =
  /(?:^|[\s:;("'`])(?:sudo|rm|curl|wget|nc|ncat|socat|bash|sh|zsh|python3?|perl|ruby|php|node|chmod|chown|crontab|systemctl|kill|pkill|killall|docker|kubectl|git|scp|rsync|ssh|dd|mkfs|find|tar|base64|echo|printf|nohup|iptables|ufw|setenforce|history|unset|export|mv|cp|cat|tee|sed|yes|xmrig|nmap|eval|env|useradd|usermod|visudo|aws|gsutil|rclone|openssl|powershell|shred|truncate|journalctl)(?=\s)/g;
const MAX_PROSE_COMMANDS = 16;

/** Commands embedded in prose ("Run the shell command: nc -e /bin/sh ..."), each from its first word; `fromStart`:
 * also one that starts the text. */
export function proseCommands(variants: string[], fromStart = false): string[] {
  const found: string[] = [];
  for (const text of variants) {
    for (const match of matchesOf(COMMAND_WORDS, text)) {
      if (found.length >= MAX_PROSE_COMMANDS) return found;
      const start = match.index + (/^[\s:;("'`]/.test(match[0]) ? 1 : 0);
      if (start === 0 && !fromStart) continue;
      const end = text.indexOf("\n", start);
      found.push(text.slice(start, end < 0 ? undefined : end));
    }
  }
  return found;
}

/** Task texts up to this length are parsed as shell whole (a short task may be a command line). */
export const MAX_WHOLE_TASK = 256;
/** A prose line that may hold a command: it starts, after list markers and a prompt sign, with a lower-case word,
 * a path, a variable or a quote, or it holds shell syntax (operators, substitutions, redirections). Code spans
 * (between backquotes) are parsed on their own. */
const COMMAND_LIKE_LINE = /^\s*(?:(?:[-*+>]|\d+[.)])\s+)*(?:\$\s+)?[a-z./~$'"\\]|[|;&<>]|\$[({A-Za-z_]/;
/** A prose line whose first word, in any case, is a command word (`Sudo rm -rf /`, `CURL ...`). */
const COMMAND_WORD_LINE = new RegExp(
  `^\\s*(?:(?:[-*+>]|\\d+[.)])\\s+)*${COMMAND_WORDS.source.slice(COMMAND_WORDS.source.indexOf(")(?:") + 1)}`,
  "i",
);
/** List markers and numbers before a line's first word (`- `, `3. `, `> `). */
const LIST_MARKERS = /^\s*(?:(?:[-*+>]|\d+[.)])\s+)*/;
/** Characters around a path word in prose (quotes, brackets, sentence punctuation). */
const PROSE_PUNCTUATION = /^[`'"(<[{]+|[`'",;:.!?)>\]}]+$/g;
/** What looksLikePath needs of a word: a path character, or a dotfile name's ending (before punctuation). */
const PATH_MARK = /[/~.$]|(?:rc|env|pgpass)[^\w\s]*(?![^\s])/g;
const CODE_SPAN = /`([^`\n]+)`/g;
const FENCED_BLOCK = /```[^\n]*\n([\s\S]*?)```/g;
/** Characters a shell reads in a word rather than taking them as written. */
export const SHELL_SPELLING = /['"\\`$*?[{]/;
const MAX_PROSE_LINES = 64;
const MAX_PROSE_PATHS = 64;

/** The lines of prose that may hold a command, and its code spans; undefined past the bound. */
export function proseLines(prose: string[]): string[] | undefined {
  const lines: string[] = [];
  for (const text of prose) {
    for (const line of text.split("\n")) {
      const like = COMMAND_LIKE_LINE.test(line);
      if (!like && !COMMAND_WORD_LINE.test(line)) continue;
      if (lines.length >= MAX_PROSE_LINES) return undefined;
      lines.push(line);
      // Round 83: a command line in shouted or title-cased prose (`GIT PUSH --FORCE ORIGIN MAIN`, `Git Push --force
      // Origin Main`) is also read in lower case, as a shell user would type it.
      if (!like && lines.length < MAX_PROSE_LINES) lines.push(line.replace(LIST_MARKERS, "").toLowerCase());
    }
    for (const span of matchesOf(CODE_SPAN, text)) {
      if (lines.length >= MAX_PROSE_LINES) return undefined;
      lines.push(span[1]);
    }
    // A fenced block is parsed whole too (a quoted argument may span its lines).
    for (const block of text.includes("```") ? matchesOf(FENCED_BLOCK, text) : []) {
      if (lines.length >= MAX_PROSE_LINES) return undefined;
      lines.push(block[1]);
    }
  }
  return lines;
}

/** The words of prose that read as paths, without the punctuation around them; undefined past the bound. */
export function prosePaths(prose: string[]): string[] | undefined {
  const paths: string[] = [];
  for (const text of prose) {
    PATH_MARK.lastIndex = 0;
    for (let mark = PATH_MARK.exec(text); mark; mark = PATH_MARK.exec(text)) {
      // The whole word holding the mark (between whitespace); the search goes on after it.
      let start = mark.index;
      while (start > 0 && !isSpaceAt(text, start - 1)) start--;
      let end = mark.index + mark[0].length;
      while (end < text.length && !isSpaceAt(text, end)) end++;
      PATH_MARK.lastIndex = end;
      const bare = text.slice(start, end).replace(PROSE_PUNCTUATION, "");
      if (bare.length < 2 || !looksLikePath(bare)) continue;
      if (paths.length >= MAX_PROSE_PATHS) return undefined;
      paths.push(bare);
    }
  }
  return paths;
}

/** Whether a prompt holds what spans lines for a shell (a here-doc, a continued line): it is then parsed whole. */
export function spansLines(text: string): boolean {
  return text.includes("<<") || /\\\r?\n/.test(text);
}

const SPACE = /\s/;
/** JavaScript's `\s` among the ASCII characters (the others are asked of the regex). */
const ASCII_SPACE = new Uint8Array(128).map((_zero, code) => SPACE.test(String.fromCharCode(code)) ? 1 : 0);

function isSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 ? ASCII_SPACE[code] === 1 : SPACE.test(text[index]);
}
