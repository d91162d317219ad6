/** Unified diff of two texts (Myers' O(ND) algorithm), for showing what changed since a snapshot. */

type Operation = { kind: " " | "-" | "+"; line: string };

/** Edit distance beyond which the diff is summarised instead of computed (keeps time and memory bounded). */
const MAX_EDITS = 4000;

export function unifiedDiff(
  oldText: string,
  newText: string,
  labels: { old: string; new: string },
  context = 3,
): string {
  if (oldText === newText) return "";
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const operations = diffLines(a, b);
  const header = `--- ${labels.old}\n+++ ${labels.new}\n`;
  if (!operations) {
    return header + `@@ too many changes to show: ${a.length} lines before, ${b.length} after @@\n`;
  }
  return header + formatHunks(operations, context);
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  else lines[lines.length - 1] += "\n\\ No newline at end of file";
  return lines;
}

function diffLines(a: string[], b: string[]): Operation[] | undefined {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) endA--, endB--;
  const middle = myers(a.slice(start, endA), b.slice(start, endB));
  if (!middle) return undefined;
  const same = (lines: string[]): Operation[] => lines.map((line) => ({ kind: " ", line }));
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))];
}

function myers(a: string[], b: string[]): Operation[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m;
  const v = new Int32Array(2 * offset + 2);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(offset, MAX_EDITS); d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
        ? v[offset + k + 1]
        : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) x++, y++;
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset);
    }
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number): Operation[] {
  const operations: Operation[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) operations.push({ kind: " ", line: a[--x] }), y--;
    if (d > 0) operations.push(x === prevX ? { kind: "+", line: b[--y] } : { kind: "-", line: a[--x] });
  }
  return operations.reverse();
}

function formatHunks(operations: Operation[], context: number): string {
  let out = "";
  let index = 0;
  while (index < operations.length) {
    const firstChange = operations.findIndex((op, i) => i >= index && op.kind !== " ");
    if (firstChange === -1) break;
    const hunkStart = Math.max(index, firstChange - context);
    let hunkEnd = firstChange;
    for (let i = firstChange; i < operations.length; i++) {
      if (operations[i].kind !== " ") hunkEnd = i;
      else if (i - hunkEnd > 2 * context) break;
    }
    hunkEnd = Math.min(operations.length, hunkEnd + context + 1);
    out += hunkHeader(operations, hunkStart, hunkEnd);
    for (let i = hunkStart; i < hunkEnd; i++) out += operations[i].kind + operations[i].line + "\n";
    index = hunkEnd;
  }
  return out;
}

function hunkHeader(operations: Operation[], start: number, end: number): string {
  let oldLine = 1;
  let newLine = 1;
  for (let i = 0; i < start; i++) {
    if (operations[i].kind !== "+") oldLine++;
    if (operations[i].kind !== "-") newLine++;
  }
  const slice = operations.slice(start, end);
  const oldCount = slice.filter((op) => op.kind !== "+").length;
  const newCount = slice.filter((op) => op.kind !== "-").length;
  const range = (line: number, count: number) => `${count === 0 ? line - 1 : line},${count}`;
  return `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@\n`;
}
