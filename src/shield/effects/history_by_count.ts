/** Branch history dropped by count (round 20): `git reset --hard REV~N` (also `@~N`, `HEAD^^^^`, `origin/main~N`)
 * throws away the last N commits with every uncommitted change, and `git branch -f` / `git checkout -B` /
 * `git switch -C` move a branch N commits back; from three commits on a human should see it. Undoing one or two
 * commits, `--soft`/`--mixed` resets that keep the work, a reset to a named branch and an interactive rebase pass.
 * Sources: git-reset(1) `--hard`; gitrevisions(7) `<rev>~<n>`, `<rev>^`; MITRE ATT&CK T1485. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const DROPPED_AT_LEAST = 3;
const STEPS = /(?:~\d*|\^\d*)+$/;
/** git's global options that take a value as the next word. */
const GLOBAL_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);

/** How many commits back a revision points (`HEAD~12` -> 12, `HEAD^^^` -> 3, `main` -> 0). */
export function stepsBack(revision: string): number {
  const steps = revision.match(STEPS)?.[0];
  if (!steps || steps.length === revision.length) return 0;
  let count = 0;
  for (const step of steps.match(/~\d*|\^\d*/g) ?? []) {
    count += step[0] === "~" ? (step.length > 1 ? Number(step.slice(1)) : 1) : 1;
  }
  return count;
}

/** The index of git's subcommand in `argv` (after global options and their values), or -1. */
export function subcommand(argv: readonly string[]): number {
  for (let index = 1; index < argv.length; index++) {
    if (GLOBAL_VALUED.has(argv[index])) index++;
    else if (!argv[index].startsWith("-")) return index;
  }
  return -1;
}

/** The revision a history-moving git line sets its branch to, or undefined when it keeps history or work. */
function movedTo(argv: readonly string[]): string | undefined {
  const at = subcommand(argv);
  if (at < 0) return undefined;
  const rest = argv.slice(at + 1);
  const operands = rest.filter((word) => !word.startsWith("-"));
  const verb = argv[at];
  if (verb === "reset") return rest.includes("--hard") ? operands[0] : undefined;
  const forced = verb === "branch"
    ? rest.some((word) => word === "-f" || word === "--force" || word === "-C")
    : (verb === "checkout" || verb === "switch") && rest.some((word) => word === "-B" || word === "-C");
  return forced ? operands[1] : undefined;
}

/** The test judgeHistoryByCount's segment loop starts with (a gate of `profile_gates.ts`). */
export const movesHistoryWith = (program: string): boolean => program === "git";

export function judgeHistoryByCount(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (segment.program !== "git") continue;
    const revision = movedTo(segment.argv);
    if (revision === undefined) continue;
    const count = stepsBack(revision);
    if (count < DROPPED_AT_LEAST) continue;
    findings.escalate(
      "delete",
      `"${tool}" moves the branch ${count} commits back to "${revision}", dropping them`,
    );
    return;
  }
}
