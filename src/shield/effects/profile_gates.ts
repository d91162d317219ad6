/** The effect profile's own command checks that look at some programs' segments only (effect_profile.ts calls them
 * one by one, between the checks that read whole lines): each behind the test its segment loop starts with, one bit
 * each in a table asked once per program name, so a command none of whose programs passes a check's test does not
 * call it (round 20 of speed: these five were called on every command). A new check of this kind called from
 * effect_profile.ts joins this table with the test its own segment loop starts with. */

import type { Segment } from "../shell_parser.ts";
import { ProgramGates } from "./segment_programs.ts";
import { substitutesEgressWith } from "./substituted_egress.ts";
import { mirrorsWith } from "./mirror_deletes.ts";
import { definesUnitsWith } from "./unit_definitions.ts";
import { printsEnvironmentsWith } from "./container_environments.ts";
import { movesHistoryWith } from "./history_by_count.ts";

export const PROFILE_GATES = new ProgramGates();
export const SUBSTITUTED_EGRESS = PROFILE_GATES.gate(substitutesEgressWith);
export const MIRROR_DELETES = PROFILE_GATES.gate(mirrorsWith);
export const UNIT_DEFINITIONS = PROFILE_GATES.gate(definesUnitsWith);
export const CONTAINER_ENVIRONMENTS = PROFILE_GATES.gate(printsEnvironmentsWith);
export const HISTORY_BY_COUNT = PROFILE_GATES.gate(movesHistoryWith);

/** The bits of the checks above some segment's program reaches (0 without segments). */
export function profileChecksReached(segments: readonly Segment[]): number {
  return segments.length > 0 ? PROFILE_GATES.reached(segments) : 0;
}
