/** Worst-case cost profile of a rule regex. A backtracking engine retries an unanchored pattern at every
 * start, and an unbounded gap (`[^\n]*`, `.*`, `[\w.]*`) rescans its run each time: the work grows with
 * (starts that reach the gap) × (longest run the gap can cross). Anchored patterns start once. */

import { requiredLiterals } from "./regex_literals.ts";

export interface GapProfile {
  /** Per unbounded repetition: matches one run of the characters it can consume. */
  runs: RegExp[];
  /** Literals one of which every attempt contains before reaching its first unbounded repetition: their
   * occurrences bound the starts that get that far. Undefined when some alternative has no such head. */
  head?: RegExp;
}

/** End index (exclusive) of the class starting at `start` (source[start] === "["). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === "^") i++;
  if (source[i] === "]") i++;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** End index (exclusive) of the group starting at `start` (source[start] === "("). */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === "\\") i += 2;
    else if (c === "[") i = classEnd(source, i);
    else {
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return i + 1;
      i++;
    }
  }
  return source.length;
}

/** Sources of the single-character atoms inside `source` (a group body): what the group can consume. */
function atomsOf(source: string): string[] {
  const atoms: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === "\\") {
      atoms.push(source.slice(i, i + 2));
      i += 2;
    } else if (c === "[") {
      const end = classEnd(source, i);
      atoms.push(source.slice(i, end));
      i = end;
    } else if (c === "(" && source[i + 1] === "?" && /[=!<]/.test(source[i + 2] ?? "")) {
      i = groupEnd(source, i); // lookarounds consume nothing
    } else if ("()|^$*+?{}".includes(c)) {
      if (c === "{") i = source.indexOf("}", i) + 1 || source.length;
      else i++;
    } else {
      atoms.push(c === "." ? "." : c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));
      i++;
    }
  }
  return atoms.filter((atom) => !/^\\[bB]$/.test(atom));
}

function unboundedAt(source: string, i: number): boolean {
  return source[i] === "*" || source[i] === "+" || /^\{\d+,\}/.test(source.slice(i, i + 12));
}

/** The pattern split at its top-level `|`. */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(source, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(source.slice(last, i));
      last = i + 1;
    }
  }
  parts.push(source.slice(last));
  return parts;
}

/** Whether `source` repeats anything without bound (outside classes and escapes). */
function hasUnbounded(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(source, i) - 1;
    else if (unboundedAt(source, i)) return true;
  }
  return false;
}

/** The terms of one alternative before the first that repeats without bound (or holds such a repetition). */
function head(alternative: string): string {
  let i = 0;
  while (i < alternative.length) {
    const c = alternative[i];
    let end = c === "\\"
      ? i + 2
      : c === "["
      ? classEnd(alternative, i)
      : c === "("
      ? groupEnd(alternative, i)
      : i + 1;
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(alternative.slice(end, end + 12))?.[0] ?? "";
    end += quantifier.length;
    if (hasUnbounded(alternative.slice(i, end))) break;
    i = end;
  }
  return alternative.slice(0, i);
}

function headLiterals(pattern: RegExp): RegExp | undefined {
  const literals: string[] = [];
  for (const alternative of alternatives(pattern.source)) {
    const required = requiredLiterals(new RegExp(head(alternative), pattern.flags.replace(/[gy]/g, "")));
    if (!required) return undefined;
    literals.push(...required);
  }
  const escaped = [...new Set(literals)].map((literal) => literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));
  return interned(escaped.join("|"), "g");
}

/** One RegExp object per source and flags, so the statistics of a text are computed once per distinct run or
 * head and shared by every rule that has it. */
const internedRegexes = new Map<string, RegExp>();
function interned(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let regex = internedRegexes.get(key);
  if (!regex) internedRegexes.set(key, regex = new RegExp(source, flags));
  return regex;
}

/** Whether every top-level alternative starts with `^` (and `^` means start of text). */
function anchored(pattern: RegExp): boolean {
  if (pattern.flags.includes("m")) return false;
  const source = pattern.source;
  let depth = 0;
  let starts = true;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(source, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) starts &&= source[i + 1] === "^";
  }
  return starts && source.startsWith("^");
}

/** The gap profile of an unanchored pattern with unbounded quantifiers, or undefined when its cost is
 * linear in the text (anchored, or every repetition bounded). */
export function gapProfile(pattern: RegExp): GapProfile | undefined {
  if (anchored(pattern)) return undefined;
  const source = pattern.source;
  const groups: string[][] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    let end: number;
    if (c === "\\") end = i + 2;
    else if (c === "[") end = classEnd(source, i);
    else if (c === "(") {
      const close = groupEnd(source, i);
      // A repeated group whose body repeats too is costed by those inner runs (visited below); each iteration
      // re-enters its leading parts, so one inner run bounds one iteration's scan.
      if (unboundedAt(source, close) && !hasUnbounded(source.slice(i + 1, close - 1))) {
        groups.push(atomsOf(source.slice(i, close)));
      }
      // Descend: repetitions inside the group count too.
      i += /^\(\?(?:[:=!]|<[=!]|<\w+>)/.exec(source.slice(i, i + 40))?.[0].length ?? 1;
      continue;
    } else if (c === ")" || c === "|") {
      i++;
      continue;
    } else end = i + 1;
    if (unboundedAt(source, end)) groups.push([source.slice(i, end)]);
    i = end;
  }
  if (groups.length === 0) return undefined;
  const flags = "g" + pattern.flags.replace(/[gy]/g, "");
  const runs = [...new Set(groups.map((atoms) => [...new Set(atoms)].join("|")))];
  return {
    runs: runs.map((alternation) => interned(`(?:${alternation})+`, flags)),
    head: headLiterals(pattern),
  };
}

/** Upper estimate of the backtracking steps of the pattern on `text`: each attempt that reaches an
 * unbounded repetition may scan the rest of that repetition's run. Attempts are counted by the head
 * literals when the pattern has them, else every position is one (the sum over runs of r²/2). */
export function worstSteps(profile: GapProfile, text: string, runs = new Map<RegExp, RunStats>()): number {
  measureRuns(profile.runs, text, runs);
  let longest = 0;
  let squares = 0;
  for (const run of profile.runs) {
    const stats = runs.get(run)!;
    longest = Math.max(longest, stats.longest);
    squares = Math.max(squares, stats.squares);
  }
  if (!profile.head) return squares;
  let heads = runs.get(profile.head);
  if (!heads) runs.set(profile.head, heads = { longest: headCount(profile.head, text), squares: 0 });
  return heads.longest * longest;
}

/** Whether `worstSteps(profile, text, runs)` exceeds `budget`, measuring runs only where bounds that need no
 * pass of their own leave it open. A run is at most the text's length L, so with head literals the steps are at
 * most heads × L, and without them at most L(L+1)/2. Then, run by run: a run of characters that excludes `\n`
 * lies within one line, so its longest is at most the longest line and its sum of r(r+1)/2 at most the lines'
 * (one native newline search per text, shared by every rule); only a run whose bound leaves the answer open is
 * measured. Same answer as comparing `worstSteps` with the budget. */
export function exceedsSteps(
  profile: GapProfile,
  text: string,
  budget: number,
  runs = new Map<RegExp, RunStats>(),
): boolean {
  const length = text.length;
  if (!profile.head) {
    if ((length * (length + 1)) / 2 <= budget) return false;
    // worstSteps is the largest sum over the runs: over the budget when one run's is.
    const open = profile.runs.filter((run) => boundOf(run, text, runs).squares > budget);
    measureRuns(open, text, runs);
    return open.some((run) => runs.get(run)!.squares > budget);
  }
  let heads = runs.get(profile.head);
  if (!heads) runs.set(profile.head, heads = { longest: headCount(profile.head, text), squares: 0 });
  if (heads.longest * length <= budget) return false;
  // worstSteps is heads × the longest of the runs: over the budget when heads × one run's longest is.
  const count = heads.longest;
  const open = profile.runs.filter((run) => count * boundOf(run, text, runs).longest > budget);
  measureRuns(open, text, runs);
  return open.some((run) => count * runs.get(run)!.longest > budget);
}

/** The text's lines (runs of characters other than `\n`): kept in the caller's map under this key. */
const LINES = /(?:[^\n])+/g;

/** Upper bounds of a run's statistics: its own when measured, the lines' when it cannot cross a line, else the
 * text's length (L, and L(L+1)/2). */
function boundOf(run: RegExp, text: string, runs: Map<RegExp, RunStats>): RunStats {
  const measured = runs.get(run);
  if (measured) return measured;
  if (charClass(run).ascii[0x0a] === 1) {
    return { longest: text.length, squares: (text.length * (text.length + 1)) / 2 };
  }
  let lines = runs.get(LINES);
  if (!lines) runs.set(LINES, lines = lineStats(text));
  return lines;
}

/** The lines' statistics (as `runStats` of `[^\n]` runs), found with the native newline search. */
export function lineStats(text: string): RunStats {
  const stats = { longest: 0, squares: 0 };
  let from = 0;
  while (from <= text.length) {
    let end = text.indexOf("\n", from);
    if (end < 0) end = text.length;
    const length = end - from;
    if (length > stats.longest) stats.longest = length;
    stats.squares += (length * (length + 1)) / 2;
    from = end + 1;
  }
  return stats;
}

/** Longest run of one repetition's characters in a text, and the sum over its runs of r(r+1)/2. */
export interface RunStats {
  longest: number;
  squares: number;
}

/** Per run regex: which characters it consumes, as an ASCII table plus answers remembered for the others, so a
 * text's runs are measured in one plain pass instead of one regex match per run. */
interface CharClass {
  ascii: Uint8Array;
  other: Map<number, boolean>;
  single: RegExp;
}

const classes = new WeakMap<RegExp, CharClass>();

function charClass(run: RegExp): CharClass {
  let found = classes.get(run);
  if (!found) {
    const single = new RegExp(`^(?:${run.source.slice(3, -2)})$`, run.flags.replace("g", ""));
    const ascii = new Uint8Array(128);
    for (let code = 0; code < 128; code++) ascii[code] = single.test(String.fromCharCode(code)) ? 1 : 0;
    classes.set(run, found = { ascii, other: new Map(), single });
  }
  return found;
}

function consumes(table: CharClass, code: number): boolean {
  if (code < 128) return table.ascii[code] === 1;
  let answer = table.other.get(code);
  if (answer === undefined) {
    answer = table.single.test(String.fromCharCode(code));
    if (table.other.size < 4096) table.other.set(code, answer);
  }
  return answer;
}

/** Most run classes measured in one pass (one bit each of a 32-bit mask). */
const MAX_FUSED = 31;

/** The statistics of each of `wanted` not yet in `runs`, measured together: one pass over the text for up to
 * MAX_FUSED runs, where each character costs one table look-up and only a change of which runs it continues
 * costs more (the runs that end are tallied, those that begin noted). Same figures as one pass per run. */
export function measureRuns(wanted: readonly RegExp[], text: string, runs: Map<RegExp, RunStats>): void {
  const missing: RegExp[] = [];
  for (const run of wanted) if (!runs.has(run) && !missing.includes(run)) missing.push(run);
  for (let from = 0; from < missing.length; from += MAX_FUSED) {
    const group = missing.slice(from, from + MAX_FUSED);
    fusedStats(group, text).forEach((stats, k) => runs.set(group[k], stats));
  }
}

/** Per character code below 128, the mask of `group`'s runs that consume it. */
function asciiMasks(group: readonly RegExp[]): Int32Array {
  const masks = new Int32Array(128);
  group.forEach((run, bit) => {
    const ascii = charClass(run).ascii;
    for (let code = 0; code < 128; code++) if (ascii[code] === 1) masks[code] |= 1 << bit;
  });
  return masks;
}

function fusedStats(group: readonly RegExp[], text: string): RunStats[] {
  const masks = asciiMasks(group);
  const tables = group.map(charClass);
  const longest = new Float64Array(group.length);
  const squares = new Float64Array(group.length);
  const begun = new Int32Array(group.length);
  // Characters past ASCII are rare in rule texts: their masks are asked of each run's table, once per code.
  const other = new Map<number, number>();
  const length = text.length;
  let previous = 0;
  for (let i = 0; i <= length; i++) {
    let mask = 0;
    if (i < length) {
      const code = text.charCodeAt(i);
      mask = code < 128 ? masks[code] : otherMask(other, tables, code);
    }
    if (mask === previous) continue;
    // Each run that begins or ends here, lowest bit first.
    for (let changed = mask ^ previous; changed !== 0; changed &= changed - 1) {
      const bit = 31 - Math.clz32(changed & -changed);
      if ((mask & (1 << bit)) !== 0) begun[bit] = i;
      else {
        const run = i - begun[bit];
        if (run > longest[bit]) longest[bit] = run;
        squares[bit] += (run * (run + 1)) / 2;
      }
    }
    previous = mask;
  }
  return group.map((_run, bit) => ({ longest: longest[bit], squares: squares[bit] }));
}

function otherMask(other: Map<number, number>, tables: readonly CharClass[], code: number): number {
  let mask = other.get(code);
  if (mask === undefined) {
    mask = 0;
    for (let bit = 0; bit < tables.length; bit++) if (consumes(tables[bit], code)) mask |= 1 << bit;
    other.set(code, mask);
  }
  return mask;
}

/** One run's statistics in a pass of its own (the reference `measureRuns` agrees with). */
export function runStats(run: RegExp, text: string): RunStats {
  const stats = { longest: 0, squares: 0 };
  const table = charClass(run);
  let length = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && consumes(table, text.charCodeAt(i))) {
      length++;
      continue;
    }
    if (length > stats.longest) stats.longest = length;
    stats.squares += (length * (length + 1)) / 2;
    length = 0;
  }
  return stats;
}

function headCount(head: RegExp, text: string): number {
  let count = 0;
  head.lastIndex = 0;
  for (let found = head.exec(text); found; found = head.exec(text)) {
    count++;
    head.lastIndex = found.index + 1;
  }
  return count;
}
