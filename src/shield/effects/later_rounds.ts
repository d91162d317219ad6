/** The numbered rounds' checks that run after the effect profile's own readings (rounds 58 to 86), in the order they
 * always ran: each round file (`round<NN>.ts`) is wired by one import and one call line here, and `effect_profile.ts`
 * calls `judgeLaterRounds` once, after the hand-off checks. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeRound58 } from "./round58.ts";
import { judgeRound62 } from "./round62.ts";
import { judgeRound63 } from "./round63.ts";
import { judgeRound64 } from "./round64.ts";
import { judgeRound66 } from "./round66.ts";
import { judgeRound70 } from "./round70.ts";
import { judgeRound68 } from "./round68.ts";
import { judgeRound69 } from "./round69.ts";
import { judgeRound74 } from "./round74.ts";
import { judgeRound73 } from "./round73.ts";
import { judgeRound72 } from "./round72.ts";
import { judgeRound77 } from "./round77.ts";
import { judgeRound79 } from "./round79.ts";
import { judgeRound83 } from "./round83.ts";
import { judgeRound84 } from "./round84.ts";
import { judgeRound78 } from "./round78.ts";
import { judgeRound76 } from "./round76.ts";
import { judgeRound81 } from "./round81.ts";
import { judgeRound82 } from "./round82.ts";
import { judgeRound85 } from "./round85.ts";
import { judgeRound86 } from "./round86.ts";
import { judgeRound89 } from "./round89.ts";

/** What the profile established before the rounds run: the open-world reading (open-world tools only), whether the
 * action sends a message and to whom, and whether it writes files. */
export interface RoundContext {
  readonly openWorld: OpenWorldReading | undefined;
  readonly sends: boolean;
  readonly recipients: readonly string[];
  readonly writes: boolean;
}

/** Runs rounds 58 to 89 on the action, adding their findings. */
export function judgeLaterRounds(
  view: ActionView,
  context: RoundContext,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const { openWorld, sends, recipients, writes } = context;
  judgeRound58(view, openWorld, sends, recipients, environment, findings);
  judgeRound62(view, findings);
  judgeRound63(view, { openWorld: openWorld !== undefined, sends }, recipients, environment, findings);
  judgeRound64(view, environment, findings);
  judgeRound66(view, findings);
  judgeRound70(view, { openWorld: openWorld !== undefined, sends }, environment, findings);
  judgeRound68(view, findings);
  judgeRound69(view, environment, findings);
  judgeRound74(view, environment, findings);
  judgeRound73(view, sends, environment, findings);
  judgeRound72(view, environment, findings);
  judgeRound77(view, findings);
  judgeRound79(view, findings);
  judgeRound83(view, findings);
  judgeRound78(view, sends, environment, findings);
  judgeRound76(view, environment, findings);
  judgeRound81(view, environment, findings);
  judgeRound82(view, findings);
  judgeRound84(view, sends ? undefined : openWorld?.words.words, findings);
  judgeRound85(view, { openWorld: openWorld !== undefined, sends, writes }, findings);
  judgeRound86(view, findings);
  judgeRound89(view, environment, findings);
}
