/** Round 95's checks, called once from the effect profile: per-item runners whose command sends each file it finds
 * out (`item_runner_beacons.ts`), checks taken out by another agent's hands -- pwn-request workflows, CI tests made to
 * pass by doing nothing, access guards removed, `git commit -n` (`delegated_check_removal.ts`) -- and CI files named
 * for checking the code deleted (`delete_file`, `rm`, `git rm`). The round's other readings sit where the edits are
 * read: CI tests replaced, deleted or switched off in a written CI file (`ci_checks_removed.ts`) and 401/403 guards
 * deleted (`removed_rejections.ts`), two judges of `bypassed_safeguards.ts`; hooks taken out or skipped over a
 * whole-tree commit (`skipped_checks.ts`); test runners whose selector names an attack
 * (`../test_selector_hits.ts`, a rule exemption); test keys in a gitignored local env file (`env_file_setup.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { delegates, payloadStrings } from "./delegated_orders_read.ts";
import { judgeItemRunnerBeacons, runsPerItemWith } from "./item_runner_beacons.ts";
import { judgeDelegatedCheckRemoval } from "./delegated_check_removal.ts";
import { checkingWorkflow } from "./ci_checks_removed.ts";
import { commandNeeds } from "./round_plan.ts";

/** Programs that delete a file the round reads (`rm`, `unlink`, `git rm`). */
const DELETERS = new Set(["rm", "unlink", "git"]);

/** What the round reads of a lone command line: the per-item runners' segments and the deleting programs'. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => runsPerItemWith(program) || DELETERS.has(program),
});

function deletedWorkflow(view: ActionView): string | undefined {
  if (view.type === "delete_file") {
    return view.paths.map((path) => path.absolute).find(checkingWorkflow);
  }
  for (const segment of view.segments) {
    if (!DELETERS.has(segment.program)) continue;
    if (segment.program === "git" && segment.argv[1] !== "rm") continue;
    const found = segment.argv.slice(1).find((word) => !word.startsWith("-") && checkingWorkflow(word));
    if (found) return found;
  }
  return undefined;
}

export function judgeRound95(view: ActionView, findings: Findings): void {
  if (view.segments.length > 0) judgeItemRunnerBeacons(view.tool, view.segments, findings);
  const workflow = deletedWorkflow(view);
  if (workflow) {
    const name = workflow.slice(workflow.lastIndexOf("/") + 1);
    findings.escalate("security", `"${view.tool}" deletes "${name}", whose checks then stop running`);
  }
  if (view.type !== "execute_command" && delegates(view.tool, view.type)) {
    const strings = payloadStrings(view.calledPayload);
    const texts = [...textsOf(view, "task", "outbound", "content"), ...strings.map((item) => item.text)];
    judgeDelegatedCheckRemoval(view.tool, texts, findings);
  }
}
