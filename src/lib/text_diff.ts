/** A unified line diff (Myers' O(ND) algorithm), bounded: when the shortest edit script would cost more than
 * a fixed budget, the whole old middle is shown removed and the whole new one added (exact, just not minimal). */

const MAX_EDITS = 2000;
/** Bounds (lines × edits) so a megabyte file cannot stall the approval it is shown in. */
const WORK_BUDGET = 20_000_000;
const CONTEXT = 3;

type Edit = { kind: " " | "-" | "+"; line: string };

/** `--- a/name` / `+++ b/name` and hunks; "" when the texts are equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return "";
  const edits = lineEdits(splitLines(before), splitLines(after));
  const hunks = toHunks(edits);
  return [`--- a/${name}`, `+++ b/${name}`, ...hunks].join("\n") + "\n";
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  else lines[lines.length - 1] += "\n\\ No newline at end of file";
  return lines;
}

function lineEdits(a: string[], b: string[]): Edit[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) tail++;
  const middleA = a.slice(head, a.length - tail);
  const middleB = b.slice(head, b.length - tail);
  const middle = myers(middleA, middleB) ?? [
    ...middleA.map((line): Edit => ({ kind: "-", line })),
    ...middleB.map((line): Edit => ({ kind: "+", line })),
  ];
  return [
    ...a.slice(0, head).map((line): Edit => ({ kind: " ", line })),
    ...middle,
    ...a.slice(a.length - tail).map((line): Edit => ({ kind: " ", line })),
  ];
}

/** The shortest edit script, or undefined when it needs more than MAX_EDITS edits. */
function myers(a: string[], b: string[]): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS, Math.floor(WORK_BUDGET / Math.max(1, n + m)));
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
