/** The numbered rounds' checks that run after the effect profile's own readings (rounds 58 to 89), in the order they
 * always ran: each round file (`round<NN>.ts`) is wired by one import and one call line here, and `effect_profile.ts`
 * calls `judgeLaterRounds` once, after the hand-off checks. A round whose file declares what it reads of a command
 * (`ON_COMMAND`, `round_plan.ts`) is called when the plan says the action reaches it
 * (`if (plan.runs(ROUNDNN)) judgeRoundNN(...)`); a round that declares nothing is called on every action. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import type { RoundPlan } from "./round_plan.ts";
import { judgeRound58, ON_COMMAND as ROUND58 } from "./round58.ts";
import { judgeRound62 } from "./round62.ts";
import { judgeRound63, ON_COMMAND as ROUND63 } from "./round63.ts";
import { judgeRound64, ON_COMMAND as ROUND64 } from "./round64.ts";
import { judgeRound66, ON_COMMAND as ROUND66 } from "./round66.ts";
import { judgeRound70 } from "./round70.ts";
import { judgeRound68, ON_COMMAND as ROUND68 } from "./round68.ts";
import { judgeRound69, ON_COMMAND as ROUND69 } from "./round69.ts";
import { judgeRound74, ON_COMMAND as ROUND74 } from "./round74.ts";
import { judgeRound73, ON_COMMAND as ROUND73 } from "./round73.ts";
import { judgeRound72, ON_COMMAND as ROUND72 } from "./round72.ts";
import { judgeRound77, ON_COMMAND as ROUND77 } from "./round77.ts";
import { judgeRound79, ON_COMMAND as ROUND79 } from "./round79.ts";
import { judgeRound83, ON_COMMAND as ROUND83 } from "./round83.ts";
import { judgeRound84, ON_COMMAND as ROUND84 } from "./round84.ts";
import { judgeRound78, ON_COMMAND as ROUND78 } from "./round78.ts";
import { judgeRound76, ON_COMMAND as ROUND76 } from "./round76.ts";
import { judgeRound81, ON_COMMAND as ROUND81 } from "./round81.ts";
import { judgeRound82, ON_COMMAND as ROUND82 } from "./round82.ts";
import { judgeRound85, ON_COMMAND as ROUND85 } from "./round85.ts";
import { judgeRound86, ON_COMMAND as ROUND86 } from "./round86.ts";
import { judgeRound87, ON_COMMAND as ROUND87 } from "./round87.ts";
import { judgeRound88, ON_COMMAND as ROUND88 } from "./round88.ts";
import { judgeRound89, ON_COMMAND as ROUND89 } from "./round89.ts";
import { judgeRound90, ON_COMMAND as ROUND90 } from "./round90.ts";
import { judgeRound91, ON_COMMAND as ROUND91 } from "./round91.ts";
import { judgeRound92, ON_COMMAND as ROUND92 } from "./round92.ts";
import { judgeRound93, ON_COMMAND as ROUND93 } from "./round93.ts";
import { judgeRound94, ON_COMMAND as ROUND94 } from "./round94.ts";
import { judgeRound95, ON_COMMAND as ROUND95 } from "./round95.ts";
import { judgeRound97, ON_COMMAND as ROUND97 } from "./round97.ts";
import { judgeRound96, ON_COMMAND as ROUND96 } from "./round96.ts";

/** What the profile established before the rounds run: the open-world reading (open-world tools only), whether the
 * action sends a message and to whom, and whether it writes files. */
export interface RoundContext {
  readonly openWorld: OpenWorldReading | undefined;
  readonly sends: boolean;
  readonly recipients: readonly string[];
  readonly writes: boolean;
  /** Which rounds may find anything in the action (speed round 37: a lone command line skips the rounds whose
   * programs, words and facts it does not reach). */
  readonly plan: RoundPlan;
}

/** Runs rounds 58 to 89 on the action, adding their findings. */
export function judgeLaterRounds(
  view: ActionView,
  context: RoundContext,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const { openWorld, sends, recipients, writes, plan } = context;
  if (plan.runs(ROUND58)) judgeRound58(view, openWorld, sends, recipients, environment, findings);
  judgeRound62(view, findings);
  if (plan.runs(ROUND63)) {
    judgeRound63(view, { openWorld: openWorld !== undefined, sends }, recipients, environment, findings);
  }
  if (plan.runs(ROUND64)) judgeRound64(view, environment, findings);
  if (plan.runs(ROUND66)) judgeRound66(view, findings);
  judgeRound70(view, { openWorld: openWorld !== undefined, sends }, environment, findings);
  if (plan.runs(ROUND68)) judgeRound68(view, findings);
  if (plan.runs(ROUND69)) judgeRound69(view, environment, findings);
  if (plan.runs(ROUND74)) judgeRound74(view, environment, findings);
  if (plan.runs(ROUND73)) judgeRound73(view, sends, environment, findings);
  if (plan.runs(ROUND72)) judgeRound72(view, environment, findings);
  if (plan.runs(ROUND77)) judgeRound77(view, findings);
  if (plan.runs(ROUND79)) judgeRound79(view, findings);
  if (plan.runs(ROUND83)) judgeRound83(view, findings);
  if (plan.runs(ROUND78)) judgeRound78(view, sends, environment, findings);
  if (plan.runs(ROUND76)) judgeRound76(view, environment, findings);
  if (plan.runs(ROUND81)) judgeRound81(view, environment, findings);
  if (plan.runs(ROUND82)) judgeRound82(view, findings);
  if (plan.runs(ROUND84)) judgeRound84(view, sends ? undefined : openWorld?.words.words, findings);
  if (plan.runs(ROUND85)) judgeRound85(view, { openWorld: openWorld !== undefined, sends, writes }, findings);
  if (plan.runs(ROUND86)) judgeRound86(view, findings);
  if (plan.runs(ROUND87)) judgeRound87(view, findings);
  if (plan.runs(ROUND88)) judgeRound88(view, findings);
  if (plan.runs(ROUND89)) judgeRound89(view, environment, findings);
  if (plan.runs(ROUND90)) judgeRound90(view, sends, environment, findings);
  if (plan.runs(ROUND91)) judgeRound91(view, findings);
  if (plan.runs(ROUND92)) judgeRound92(view, environment, findings);
  if (plan.runs(ROUND93)) judgeRound93(view, findings);
  if (plan.runs(ROUND94)) judgeRound94(view, findings);
  if (plan.runs(ROUND95)) judgeRound95(view, findings);
  if (plan.runs(ROUND97)) judgeRound97(view, environment, findings);
  if (plan.runs(ROUND96)) judgeRound96(view, sends, findings);
}
