/** Round 53's checks over shells, interpreters, Windows and tool names, each behind its own cheap sign: unknown
 * tools named to switch protections off (`protection_tool_names.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeProtectionToolNames } from "./protection_tool_names.ts";

export function judgeRound53(view: ActionView, open: boolean, findings: Findings): void {
  if (open) judgeProtectionToolNames(view.tool, findings);
}
