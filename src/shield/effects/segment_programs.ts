/** The programs of a command's segments, for skipping the checks that only look at segments of some programs: each
 * such check exports the test its own segment loop starts with (`mailsWith`), and its caller calls it only when a
 * segment's program passes that test -- asked once per program name for all the checks of a table (`ProgramGates`),
 * so a command's line touches no code or data of the checks none of its programs reaches. */

import type { Segment } from "../shell_parser.ts";

/** The distinct programs of `segments`, in first-seen order (few: a linear search beats a Set). */
export function distinctPrograms(segments: readonly Segment[]): string[] {
  const names: string[] = [];
  for (let k = 0; k < segments.length; k++) {
    const program = segments[k].program;
    if (!names.includes(program)) names.push(program);
  }
  return names;
}

/** Whether some program passes `test`. */
export function runsAny(programs: readonly string[], test: (program: string) => boolean): boolean {
  for (let k = 0; k < programs.length; k++) if (test(programs[k])) return true;
  return false;
}

/** Most program names kept with their bits (the rows are emptied when full, then refilled on demand). */
const MAX_NAMES = 4096;
/** Bits of one small integer (V8 keeps bitwise values of 31 bits unboxed). */
const MAX_GATES = 30;

/** Every gate table, in the order made: a table's place is its column in the rows below. */
const TABLES: ProgramGates[] = [];
/** Per program name, its bits in every table (round 24 of speed: one look-up per name for all five tables of the
 * effect profile, which each kept a map of their own and were each asked of every segment). A row made before a
 * table existed is shorter than `TABLES` and is made again. */
const ROWS = new Map<string, Int32Array>();
/** The segments last asked about (the same array, of the same length) and their bits per table: the five tables
 * are asked of one action's segments in turn, and one pass over them answers all five. */
let lastSegments: readonly Segment[] | undefined;
let lastLength = -1;
let lastReached = new Int32Array(0);

function rowOf(program: string): Int32Array {
  let row = ROWS.get(program);
  if (row === undefined || row.length !== TABLES.length) {
    row = new Int32Array(TABLES.length);
    for (let t = 0; t < TABLES.length; t++) row[t] = TABLES[t].test(program);
    if (ROWS.size >= MAX_NAMES) ROWS.clear();
    ROWS.set(program, row);
  }
  return row;
}

/** Whether a check of some table looks at segments of `program` (round 59: one of the programs Shield knows). Tables
 * made with `names` false (speed round 32's table of round checks, whose tests name programs a check only looks
 * at, such as uploaders and Windows deleters) are not asked: the programs Shield knows stay those of the tables
 * round 59 read. */
export function gatedProgram(program: string): boolean {
  const row = rowOf(program);
  for (let t = 0; t < row.length; t++) if (row[t] !== 0 && TABLES[t].names) return true;
  return false;
}

/** Forgets every row and the last segments (a test was added: rows made before it lack its bit). */
function invalidate(): void {
  ROWS.clear();
  lastSegments = undefined;
  lastLength = -1;
}

/** Forgets the last segments asked about (so no command stays referenced after its evaluation). */
export function forgetReached(): void {
  lastSegments = undefined;
  lastLength = -1;
}

/** A table of program tests, one bit each: per program name, which tests it passes (asked once per name for every
 * table, remembered). */
export class ProgramGates {
  private readonly tests: Array<(program: string) => boolean> = [];
  private readonly place: number;

  /** `names`: whether a program one of this table's tests passes counts as a program Shield knows
   * (`gatedProgram`). */
  constructor(readonly names = true) {
    this.place = TABLES.push(this) - 1;
    invalidate();
  }

  /** Registers a check's program test (the one its segment loop starts with); returns its bit. */
  gate(test: (program: string) => boolean): number {
    if (this.tests.length >= MAX_GATES) throw new Error(`Too many program gates in one table: ${MAX_GATES}`);
    this.tests.push(test);
    invalidate();
    return 1 << (this.tests.length - 1);
  }

  /** The bits of this table's tests `program` passes, worked out now (`bitsOf` remembers them). */
  test(program: string): number {
    let bits = 0;
    for (let k = 0; k < this.tests.length; k++) if (this.tests[k](program)) bits |= 1 << k;
    return bits;
  }

  /** The bits of the tests `program` passes. */
  bitsOf(program: string): number {
    return rowOf(program)[this.place];
  }

  /** The bits of every test some segment's program passes: bit `b` is set exactly when `runsAny` of the segments'
   * programs and test `b` is true. Worked out for every table at once, per segments array. */
  reached(segments: readonly Segment[]): number {
    if (segments !== lastSegments || segments.length !== lastLength) {
      // One array for every action's answers (allocating a typed array per action costs more than the pass).
      if (lastReached.length !== TABLES.length) lastReached = new Int32Array(TABLES.length);
      const reached = lastReached;
      reached.fill(0);
      for (let k = 0; k < segments.length; k++) {
        const row = rowOf(segments[k].program);
        for (let t = 0; t < row.length; t++) reached[t] |= row[t];
      }
      lastSegments = segments;
      lastLength = segments.length;
    }
    return lastReached[this.place];
  }
}
