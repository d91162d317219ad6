/** Round 83's checks, called once from the effect profile: a certificate made a trusted root of the machine, a
 * browser or the JDK (`trust_store_roots.ts`). Round 83's other reading sits where tools are named: a tool named for
 * a local key or certificate program given its words or its own command line is that command line
 * (`key_tools.ts`, read by `program_named_tools.ts`). Gated by the trust-store programs' names. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeTrustStoreRoots, TRUST_STORE_PROGRAMS } from "./trust_store_roots.ts";
import { commandNeeds } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): trust-store programs. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => TRUST_STORE_PROGRAMS.has(program.toLowerCase()),
});

export function judgeRound83(view: ActionView, findings: Findings): void {
  if (view.segments.some((segment) => TRUST_STORE_PROGRAMS.has(segment.program.toLowerCase()))) {
    judgeTrustStoreRoots(view.tool, view.segments, view.texts.get("shell") ?? [], findings);
  }
}
