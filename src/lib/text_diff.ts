/** A unified line diff (Myers' O(ND) algorithm), bounded in time and memory: for a Tier 3 card showing what a write
 * would change and for Chronicle showing what changed since a snapshot. */

const DEFAULT_MAX_EDITS = 2000;
/** Bounds (lines × edits) so a megabyte file cannot stall the approval or command it is shown in. */
const WORK_BUDGET = 20_000_000;

/** Unchanged lines shown around each change. */
const CONTEXT = 3;

type Edit = { kind: " " | "-" | "+"; line: string };

export interface DiffOptions {
  /** The `---` and `+++` labels, e.g. "a/notes.md" and "b/notes.md". */
  oldLabel: string;
  newLabel: string;
  /** Edits beyond which no shortest script is searched (default 2000); the work is bounded by size as well. */
  maxEdits?: number;
  /**
   * Past that bound: "replace" (default) shows the whole differing middle removed and the new one added (exact,
   * just not minimal); "summary" prints one line with the sizes instead.
   */
  overBudget?: "replace" | "summary";
}

/** The `---`/`+++` header and hunks with three lines of context, like `diff -u`; "" when the texts are equal. */
export function unifiedDiff(before: string, after: string, options: DiffOptions): string {
  if (before === after) return "";
  const a = splitLines(before);
  const b = splitLines(after);
  const header = [`--- ${options.oldLabel}`, `+++ ${options.newLabel}`];
  const edits = lineEdits(a, b, options);
  if (!edits) {
    return [...header, `@@ too many changes to show: ${a.length} lines before, ${b.length} after @@`].join(
      "\n",
    ) + "\n";
  }
  return [...header, ...toHunks(edits)].join("\n") + "\n";
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  else lines[lines.length - 1] += "\n\\ No newline at end of file";
  return lines;
}

/** The edit script, or undefined when it is over budget and the options ask for a summary. */
function lineEdits(a: string[], b: string[], options: DiffOptions): Edit[] | undefined {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) tail++;
  const middleA = a.slice(head, a.length - tail);
  const middleB = b.slice(head, b.length - tail);
  const script = myers(middleA, middleB, options.maxEdits ?? DEFAULT_MAX_EDITS);
  if (!script && options.overBudget === "summary") return undefined;
  const middle = script ?? [
    ...middleA.map((line): Edit => ({ kind: "-", line })),
    ...middleB.map((line): Edit => ({ kind: "+", line })),
  ];
  return [
    ...a.slice(0, head).map((line): Edit => ({ kind: " ", line })),
    ...middle,
    ...a.slice(a.length - tail).map((line): Edit => ({ kind: " ", line })),
  ];
}

/** The shortest edit script, or undefined when it needs more than `maxEdits` edits (or the work budget). */
function myers(a: string[], b: string[], maxEdits: number): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits, Math.floor(WORK_BUDGET / Math.max(1, n + m)));
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
        ? v[offset + k + 1]
        : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
    v = next;
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, depth: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const previousK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : v[offset + previousK];
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      edits.push({ kind: " ", line: a[x] });
    }
    if (d === 0) break;
    if (x === previousX) {
      y--;
      edits.push({ kind: "+", line: b[y] });
    } else {
      x--;
      edits.push({ kind: "-", line: a[x] });
    }
  }
  return edits.reverse();
}

/** Changes closer than two contexts share a hunk; each hunk keeps CONTEXT unchanged lines around. */
function toHunks(edits: Edit[]): string[] {
  const changes: number[] = [];
  edits.forEach((edit, index) => edit.kind !== " " && changes.push(index));
  const out: string[] = [];
  let first = 0;
  while (first < changes.length) {
    let last = first;
    while (last + 1 < changes.length && changes[last + 1] - changes[last] <= 2 * CONTEXT + 1) last++;
    const start = Math.max(0, changes[first] - CONTEXT);
    const end = Math.min(edits.length, changes[last] + 1 + CONTEXT);
    out.push(hunkHeader(edits, start, end), ...edits.slice(start, end).map((edit) => edit.kind + edit.line));
    first = last + 1;
  }
  return out;
}

function hunkHeader(edits: Edit[], start: number, end: number): string {
  let oldLine = 1;
  let newLine = 1;
  for (let index = 0; index < start; index++) {
    if (edits[index].kind !== "+") oldLine++;
    if (edits[index].kind !== "-") newLine++;
  }
  let oldCount = 0;
  let newCount = 0;
  for (let index = start; index < end; index++) {
    if (edits[index].kind !== "+") oldCount++;
    if (edits[index].kind !== "-") newCount++;
  }
  const range = (line: number, count: number) => `${count === 0 ? line - 1 : line},${count}`;
  return `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`;
}
