/** A small quote-aware scan of a bash command line for the command-line metamorphic test: where the simple commands
 * start, their words, and the unquoted spaces and `~`; independent of Shield's own lexer so it can test it. */

export interface Word {
  start: number;
  end: number;
  text: string;
}

/** One simple command: its words (raw, quotes kept); the first is the program unless a keyword stopped the scan. */
export interface Segment {
  words: Word[];
}

export interface Scan {
  segments: Segment[];
  /** Offsets of unquoted blanks between words (heredoc bodies excluded). */
  blanks: number[];
  /** Offsets of an unquoted `~` starting a word. */
  tildes: number[];
  /** Offsets of unquoted `$HOME` / `${HOME}` starting a word: [start, end]. */
  homes: [number, number][];
  /** Unquoted separators between commands, with their offsets. */
  separators: { at: number; text: string }[];
  /** Unquoted command substitutions `$(…)` and backticks: [start, end]. */
  substitutions: [number, number][];
  /** The offset where the scan stopped (a heredoc body or a construct it does not model starts there). */
  stop: number;
}

const SEPARATORS = ["&&", "||", ";;", "|&", ";", "|", "&", "\n", "(", ")", "{", "}"];
/** Words after which the next word is again at command position. */
export const LEAD_KEYWORDS = new Set(["then", "do", "else", "elif", "if", "while", "until", "!", "time"]);
/** Words whose syntax this scan does not model: the segment's words are not transformed. */
export const OPAQUE_KEYWORDS = new Set([
  "for",
  "case",
  "select",
  "function",
  "[[",
  "((",
  "done",
  "fi",
  "esac",
  "in",
]);

/** Length of a quoted or escaped run starting at `index` (0 when the character is ordinary). */
function quotedLength(line: string, index: number): number {
  const char = line[index];
  if (char === "\\") return Math.min(2, line.length - index);
  if (char === "'") {
    const close = line.indexOf("'", index + 1);
    return close < 0 ? line.length - index : close - index + 1;
  }
  if (char === "$" && line[index + 1] === "'") {
    let at = index + 2;
    while (at < line.length && line[at] !== "'") at += line[at] === "\\" ? 2 : 1;
    return Math.min(at + 1, line.length) - index;
  }
  if (char === '"') {
    let at = index + 1;
    while (at < line.length && line[at] !== '"') at += line[at] === "\\" ? 2 : 1;
    return Math.min(at + 1, line.length) - index;
  }
  if (char === "`") {
    const close = line.indexOf("`", index + 1);
    return close < 0 ? line.length - index : close - index + 1;
  }
  if (char === "$" && (line[index + 1] === "(" || line[index + 1] === "{")) {
    const open = line[index + 1], close = open === "(" ? ")" : "}";
    let depth = 0, at = index + 1;
    for (; at < line.length; at++) {
      if (line[at] === open) depth++;
      else if (line[at] === close && --depth === 0) break;
    }
    return Math.min(at + 1, line.length) - index;
  }
  return 0;
}

function separatorAt(line: string, index: number): string | undefined {
  return SEPARATORS.find((separator) => line.startsWith(separator, index));
}

/** Scans `line` up to its first heredoc body. */
export function scanShell(line: string): Scan {
  const scan: Scan = {
    segments: [],
    blanks: [],
    tildes: [],
    homes: [],
    separators: [],
    substitutions: [],
    stop: line.length,
  };
  let segment: Segment = { words: [] };
  let wordStart = -1, index = 0, heredoc = false;
  const endWord = (end: number) => {
    if (wordStart < 0) return;
    segment.words.push({ start: wordStart, end, text: line.slice(wordStart, end) });
    wordStart = -1;
  };
  const endSegment = () => {
    if (segment.words.length > 0) scan.segments.push(segment);
    segment = { words: [] };
  };
  while (index < line.length) {
    const char = line[index];
    if (char === " " || char === "\t") {
      scan.blanks.push(index);
      endWord(index), index++;
      continue;
    }
    if (wordStart < 0 && char === "#") {
      const newline = line.indexOf("\n", index);
      index = newline < 0 ? line.length : newline;
      continue;
    }
    if (line.startsWith("<<", index) && !line.startsWith("<<<", index)) heredoc = true;
    const separator = wordStart < 0 || !/[<>]/.test(line[index - 1] ?? "")
      ? separatorAt(line, index)
      : undefined;
    const brace = separator === "{" || separator === "}";
    const braceWord = brace && wordStart < 0 && /^[\s;]?$/.test(line[index + 1] ?? "");
    if (separator !== undefined && (!brace || braceWord)) {
      endWord(index), endSegment();
      scan.separators.push({ at: index, text: separator });
      if (separator === "\n" && heredoc) {
        scan.stop = index;
        return scan;
      }
      index += separator.length;
      continue;
    }
    if (wordStart < 0) {
      wordStart = index;
      if (char === "~") scan.tildes.push(index);
      const home = /^(\$HOME|\$\{HOME\})(?=\/|$|[\s;|&)])/.exec(line.slice(index));
      if (home) scan.homes.push([index, index + home[0].length]);
    }
    const length = quotedLength(line, index);
    if (char === "`" || (char === "$" && line[index + 1] === "(")) {
      scan.substitutions.push([index, index + length]);
    }
    index += length || 1;
  }
  endWord(line.length), endSegment();
  return scan;
}

/** The program word of a segment, skipping leading keywords; undefined when it is opaque or not a plain name. */
export function programWord(segment: Segment): Word | undefined {
  for (const word of segment.words) {
    if (LEAD_KEYWORDS.has(word.text)) continue;
    if (OPAQUE_KEYWORDS.has(word.text)) return undefined;
    if (/=/.test(word.text) && /^[A-Za-z_]\w*=/.test(word.text)) return undefined;
    return /^[A-Za-z][A-Za-z0-9_.+-]*$/.test(word.text) ? word : undefined;
  }
  return undefined;
}
