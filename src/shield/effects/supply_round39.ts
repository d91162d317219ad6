/** The toolchain classes of round 39 read from the whole view: workflows dispatched on a pull request's head
 * (`pr_head_runs.ts`), container files a command rewrites to a lookalike or impostor image (`shell_images.ts`) and
 * code cloned from an owner one letter from the user's organisation (`own_owner_lookalikes.ts`). Each returns at once
 * without its cheap sign (`refs/` in a text; `FROM ` or `image` and a container file's name; a cloning program).
 * One call in the command checks. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgePrHeadRuns } from "./pr_head_runs.ts";
import { judgeShellImages } from "./shell_images.ts";
import { judgeOwnOwnerLookalikes } from "./own_owner_lookalikes.ts";

export function judgeSupplyRound39(
  view: ActionView,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgePrHeadRuns(view, findings);
  if (view.segments.length > 0) judgeOwnOwnerLookalikes(view.segments, environment, findings);
  const shell = view.texts.get("shell");
  if (shell && shell.length > 0) judgeShellImages(shell, findings);
}
