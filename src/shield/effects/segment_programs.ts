/** The distinct program names of a command's segments, for skipping the checks that only look at segments of
 * some programs: each such check exports the test its own segment loop starts with (`mailsWith`), and its caller
 * calls it only when `runsAny` says a segment's program passes that test. */

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
