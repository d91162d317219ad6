/** Round 65's checks, called once from the effect profile: releases and action commits known to be malicious named
 * wherever a version is written (`known_bad_pins.ts`), install-time hooks that fetch and run code however they are
 * written into a manifest (`fetching_install_hooks.ts`), and the engine's own processes frozen, throttled or
 * doubled (`engine_process_tampering.ts`). Each text check is gated (a listed version, a hook word); the process
 * checks read only the command's segments. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeKnownBadPins } from "./known_bad_pins.ts";
import { judgeFetchingInstallHooks } from "./fetching_install_hooks.ts";
import { judgeEngineProcessTampering } from "./engine_process_tampering.ts";
import * as programs from "./round_programs.ts";
import { HINTS, INSTALL_HOOKS } from "./round_hints.ts";

export function judgeRound65(view: ActionView, findings: Findings): void {
  judgeKnownBadPins(view, findings);
  // Speed round 33: the hook word asked as a keyword family's bit of every text the check may read.
  const texts = view.texts;
  if (
    HINTS.reached(texts.get("shell") ?? [], texts.get("code") ?? [], texts.get("content") ?? []) &
    INSTALL_HOOKS
  ) {
    judgeFetchingInstallHooks(view, findings);
  }
  if (programs.roundProgramsReached(view.segments) & programs.ENGINE_TAMPERING) {
    judgeEngineProcessTampering(view.tool, view.segments, findings);
  }
}
