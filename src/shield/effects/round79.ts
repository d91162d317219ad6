/** Round 79's checks, called once from the effect profile: a secrets manager's run wrapper whose command only prints
 * the environment it filled (`injected_secret_dumps.ts`). Round 79's other readings sit where they are read: command
 * lists, program + argument lists and a terminal tool's input (`payload_fields.ts`), here-doc substitutions
 * (`shell_lexer.ts`), engine URLs in test and doc files (`code_effects.ts`), flags quoted in docs and comments
 * (`weakened_code.ts`), tool caches cleared (`cache_deletes.ts`). Gated by the wrappers' program names. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeInjectedSecretDumps } from "./injected_secret_dumps.ts";
import { commandNeeds } from "./round_plan.ts";

const WRAPPER_PROGRAMS = new Set([
  "doppler",
  "op",
  "infisical",
  "aws-vault",
  "sops",
  "chamber",
  "teller",
  "dotenvx",
  "envconsul",
  "vault-env",
  "summon",
]);

/** What the round reads of a command (speed round 37, `round_plan.ts`): wrapper programs. */
export const ON_COMMAND = commandNeeds({ programs: (program) => WRAPPER_PROGRAMS.has(program) });

export function judgeRound79(view: ActionView, findings: Findings): void {
  if (view.segments.some((segment) => WRAPPER_PROGRAMS.has(segment.program))) {
    judgeInjectedSecretDumps(view.segments, findings);
  }
}
