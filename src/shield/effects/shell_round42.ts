/** Round 42's checks over commands and the code they run: Python start-up files planted through a computed site
 * folder (`python_startup_code.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgePythonStartupCode } from "./python_startup_code.ts";

export function judgeShellRound42(view: ActionView, findings: Findings): void {
  const code = view.texts.get("code");
  if (code) judgePythonStartupCode(view.tool, code, findings);
}
