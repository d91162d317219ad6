/** The runs of a text that a regex's unbounded repetitions could scan: per run class, the longest run and the sum of
 * r(r+1)/2 over its runs, measured for many classes in one pass (used by `regex_cost.ts`). */

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

export function charClass(run: RegExp): CharClass {
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
