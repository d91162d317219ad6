/** Worst-case cost profile of a rule regex. A backtracking engine retries an unanchored pattern at every
 * start, and an unbounded gap (`[^\n]*`, `.*`, `[\w.]*`) rescans its run each time: the work grows with
 * (starts that reach the gap) × (longest run the gap can cross). Anchored patterns start once. */

import { requiredLiterals } from "./regex_literals.ts";
import { charClass, lineStats, measureRuns, type RunStats } from "./regex_runs.ts";

export type { RunStats };

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

function headCount(head: RegExp, text: string): number {
  let count = 0;
  head.lastIndex = 0;
  for (let found = head.exec(text); found; found = head.exec(text)) {
    count++;
    head.lastIndex = found.index + 1;
  }
  return count;
}
