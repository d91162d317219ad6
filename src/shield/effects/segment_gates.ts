/** The effect profile's segment checks that look at some programs' segments only, each behind the test its own
 * segment loop starts with (`transfersWith`, …): one bit per check in a table asked once per program name, so a
 * command whose programs reach none of a check's tests does not call it (effect_profile.ts). */

import { ProgramGates } from "./segment_programs.ts";
import { transfersWith } from "./program_transfers.ts";
import { installsSourcesWith } from "./source_installs.ts";
import { namesSourcesWith } from "./package_sources.ts";
import { installsCodeWith } from "./code_installs.ts";
import { initialisesWith } from "./initialisers.ts";
import { runsSpecifiersWith } from "./deno_specifiers.ts";
import { printsConfigWith } from "./shell_config_writes.ts";
import { runsContainersWith } from "./containers.ts";
import { installsOthersWith } from "./other_installs.ts";
import { fetchesModulesWith } from "./go_lookalikes.ts";
import { installsReleasesWith } from "./compromised_releases.ts";
import { pointsRunnersWith } from "./runner_targets.ts";
import { fetchesCodeWith } from "./fetched_code.ts";
import { runsRemoteWith } from "./remote_runs.ts";

/** The segment checks that look at some programs' segments only, each behind the test its own loop starts with. */
export const SEGMENT_GATES = new ProgramGates();
export const TRANSFERS = SEGMENT_GATES.gate(transfersWith);
export const SOURCE_INSTALLS = SEGMENT_GATES.gate(installsSourcesWith);
export const PACKAGE_SOURCES = SEGMENT_GATES.gate(namesSourcesWith);
export const CODE_INSTALLS = SEGMENT_GATES.gate(installsCodeWith);
export const INITIALISERS = SEGMENT_GATES.gate(initialisesWith);
export const DENO_SPECIFIERS = SEGMENT_GATES.gate(runsSpecifiersWith);
export const SHELL_CONFIG_WRITES = SEGMENT_GATES.gate(printsConfigWith);
export const CONTAINERS = SEGMENT_GATES.gate(runsContainersWith);
export const OTHER_INSTALLS = SEGMENT_GATES.gate(installsOthersWith);
export const GO_LOOKALIKES = SEGMENT_GATES.gate(fetchesModulesWith);
export const COMPROMISED_INSTALLS = SEGMENT_GATES.gate(installsReleasesWith);
export const RUNNER_TARGETS = SEGMENT_GATES.gate(pointsRunnersWith);
export const FETCHED_CODE = SEGMENT_GATES.gate(fetchesCodeWith);
export const REMOTE_RUNS = SEGMENT_GATES.gate(runsRemoteWith);
