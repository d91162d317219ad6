/** Round 53's checks over shells, interpreters, Windows and tool names, each behind its own cheap sign: unknown
 * tools named to switch protections off (`protection_tool_names.ts`), the Windows forms of mass deletion and disk
 * erasure (`windows_deletes.ts`), search tools hunting secrets across the home folder or disk
 * (`secret_pattern_searches.ts`) and an agent firewall's rules written to allow everything (`allow_all_rules.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeProtectionToolNames } from "./protection_tool_names.ts";
import { judgeWindowsDeletes } from "./windows_deletes.ts";
import { judgeSecretPatternSearches, judgeSecretSearchCommands } from "./secret_pattern_searches.ts";
import { judgeAllowAllRules } from "./allow_all_rules.ts";
import * as programs from "./round_programs.ts";
import { deletesOnWindowsWith } from "./windows_deletes.ts";
import { searchesSecretsWith } from "./secret_pattern_searches.ts";
import { commandNeeds, OTHER_TEXTS } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): its two programs' tests, written content (the
 * allow-all check reads only contents). */
export const ON_COMMAND = commandNeeds({
  programs: (program) => deletesOnWindowsWith(program) || searchesSecretsWith(program),
  facts: OTHER_TEXTS,
});

export function judgeRound53(view: ActionView, open: boolean, findings: Findings): void {
  if (open) judgeProtectionToolNames(view.tool, findings);
  const reached = programs.roundProgramsReached(view.segments);
  if (reached & programs.WINDOWS_DELETES) judgeWindowsDeletes(view.segments, findings);
  if (reached & programs.SECRET_SEARCHES) judgeSecretSearchCommands(view.segments, findings);
  if (view.type !== "execute_command") judgeSecretPatternSearches(view.tool, view.calledPayload, findings);
  if (view.writePaths.length > 0) {
    const paths = view.writePaths.map((path) => path.absolute);
    judgeAllowAllRules(paths, view.texts.get("content") ?? [], findings);
  }
}
