/** Gated dispatch of the effect checks: a check over shell segments may declare the program names it looks at
 * (`declareNeeds(judgeMassStops, { program: (name) => RUNTIMES.has(name) })`, the same test its loop starts with);
 * the caller runs it only when some segment of the action names such a program (`applies`), so a check that
 * cannot find anything costs one look at the action's few distinct program names. A check without a declaration
 * always runs. The test is over every segment, also those past a check's own bound, so gating never skips a
 * check that would have found something. */

import type { Segment } from "../shell_parser.ts";

export interface JudgeNeeds {
  /** True for a program name (`segment.program`, as the parser gives it) the check acts on. */
  program: (program: string) => boolean;
}

// deno-lint-ignore no-explicit-any
type Judge = ((...args: any[]) => unknown) & { needs?: JudgeNeeds };

/** Records what `judge` needs, next to the judge's own declaration. */
export function declareNeeds(judge: Judge, needs: JudgeNeeds): void {
  judge.needs = needs;
}

let lastSegments: readonly Segment[] | undefined;
let lastLength = 0;
let lastPrograms: string[] = [];

/** The distinct program names of `segments` (computed once per segments list; the view keeps one per action). */
export function programNames(segments: readonly Segment[]): readonly string[] {
  if (segments === lastSegments && segments.length === lastLength) return lastPrograms;
  const names = segments.length > 16
    ? [...new Set(segments.map((segment) => segment.program))]
    : segments.reduce<string[]>(
      (found, { program }) => found.includes(program) ? found : [...found, program],
      [],
    );
  [lastSegments, lastLength, lastPrograms] = [segments, segments.length, names];
  return names;
}

/** Whether `judge` can find anything in an action with these segments (always, without a declaration). */
export function applies(judge: Judge, segments: readonly Segment[]): boolean {
  const needs = judge.needs;
  if (needs === undefined) return true;
  if (segments.length === 0) return false;
  const names = programNames(segments);
  for (let k = 0; k < names.length; k++) if (needs.program(names[k])) return true;
  return false;
}
