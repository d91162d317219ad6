/** Gated dispatch of the effect checks: a check over shell segments may declare the program names it looks at
 * (`declareNeeds(judgeMassStops, { program: (name) => RUNTIMES.has(name) })`, the same test its loop starts with);
 * the caller runs it only when some segment of the action names such a program (`applies`), so a check that
 * cannot find anything costs one look at a table. Per action, which declared checks apply is worked out once
 * from its distinct program names (each name's answers are kept, like `programs.ts`). A check without a
 * declaration always runs. The test is over every segment, also those past a check's own bound, so gating never
 * skips a check that would have found something. */

import type { Segment } from "../shell_parser.ts";

export interface JudgeNeeds {
  /** True for a program name (`segment.program`, as the parser gives it) the check acts on. */
  program: (program: string) => boolean;
}

// deno-lint-ignore no-explicit-any
type Judge = ((...args: any[]) => unknown) & { needs?: JudgeNeeds; needIndex?: number };

const declared: JudgeNeeds[] = [];
/** Per program name seen: which declared checks act on it (1 or 0 each, in declaration order). Bounded. */
const answers = new Map<string, Uint8Array>();
const MAX_NAMES = 4096;

/** Records what `judge` needs, next to the judge's own declaration. */
export function declareNeeds(judge: Judge, needs: JudgeNeeds): void {
  judge.needs = needs;
  judge.needIndex = declared.length;
  declared.push(needs);
}

function answersFor(program: string): Uint8Array {
  let found = answers.get(program);
  if (!found || found.length !== declared.length) {
    found = new Uint8Array(declared.length);
    for (let k = 0; k < declared.length; k++) found[k] = declared[k].program(program) ? 1 : 0;
    if (answers.size >= MAX_NAMES) answers.clear();
    answers.set(program, found);
  }
  return found;
}

let lastSegments: readonly Segment[] | undefined;
let lastLength = 0;
let lastPrograms: string[] = [];
let lastApplying = new Uint8Array(0);

/** The distinct program names of `segments`. */
export function programNames(segments: readonly Segment[]): readonly string[] {
  remember(segments);
  return lastPrograms;
}

/** Works out, once per segments list (the view keeps one per action), its program names and the checks that
 * apply to it. */
function remember(segments: readonly Segment[]): void {
  if (
    segments === lastSegments && segments.length === lastLength && lastApplying.length === declared.length
  ) {
    return;
  }
  const names = segments.length > 16
    ? [...new Set(segments.map((segment) => segment.program))]
    : segments.reduce<string[]>(
      (found, { program }) => found.includes(program) ? found : [...found, program],
      [],
    );
  const applying = new Uint8Array(declared.length);
  for (const name of names) {
    const answered = answersFor(name);
    for (let k = 0; k < applying.length; k++) applying[k] |= answered[k];
  }
  [lastSegments, lastLength, lastPrograms, lastApplying] = [segments, segments.length, names, applying];
}

/** Whether `judge` can find anything in an action with these segments (always, without a declaration). */
export function applies(judge: Judge, segments: readonly Segment[]): boolean {
  const index = judge.needIndex;
  if (index === undefined) return true;
  if (segments.length === 0) return false;
  remember(segments);
  return lastApplying[index] === 1;
}
