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

/** Most program names kept with their bits (the table is emptied when full, then refilled on demand). */
const MAX_NAMES = 4096;
/** Bits of one small integer (V8 keeps bitwise values of 31 bits unboxed). */
const MAX_GATES = 30;

/** A table of program tests, one bit each: per program name, which tests it passes (asked once, remembered). */
export class ProgramGates {
  private readonly tests: Array<(program: string) => boolean> = [];
  private readonly bitsByName = new Map<string, number>();

  /** Registers a check's program test (the one its segment loop starts with); returns its bit. */
  gate(test: (program: string) => boolean): number {
    if (this.tests.length >= MAX_GATES) throw new Error(`Too many program gates in one table: ${MAX_GATES}`);
    this.tests.push(test);
    this.bitsByName.clear();
    return 1 << (this.tests.length - 1);
  }

  /** The bits of the tests `program` passes. */
  bitsOf(program: string): number {
    let bits = this.bitsByName.get(program);
    if (bits === undefined) {
      bits = 0;
      for (let k = 0; k < this.tests.length; k++) if (this.tests[k](program)) bits |= 1 << k;
      if (this.bitsByName.size >= MAX_NAMES) this.bitsByName.clear();
      this.bitsByName.set(program, bits);
    }
    return bits;
  }

  /** The bits of every test some segment's program passes: bit `b` is set exactly when `runsAny` of the segments'
   * programs and test `b` is true. */
  reached(segments: readonly Segment[]): number {
    let bits = 0;
    for (let k = 0; k < segments.length; k++) bits |= this.bitsOf(segments[k].program);
    return bits;
  }
}
