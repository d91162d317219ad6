/** Round 93's check (lead, stop 43), called once from the effect profile: the screen lock turned off
 * (`screen_locks.ts`), gated by a literal hint over the shell texts. Round 93's other readings sit where they are
 * read: a kernel keyring's secret printed (`credential.keychain_item`, rules/credentials.ts), a sign-in factor named
 * in two words (`two_factor`, `multi_factor`: tool_words.ts). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeScreenLocks, SCREEN_LOCK_HINT } from "./screen_locks.ts";
import { commandNeeds } from "./round_plan.ts";

/** What the round reads of a lone command line: the shell texts its hint tests. */
export const ON_COMMAND = commandNeeds({ words: [SCREEN_LOCK_HINT] });

export function judgeRound93(view: ActionView, findings: Findings): void {
  judgeScreenLocks(view.texts.get("shell") ?? [], findings);
}
