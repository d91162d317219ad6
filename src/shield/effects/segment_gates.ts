/** The effect profile's command checks that look at some programs' segments only, each behind the test its own
 * segment loop starts with (`transfersWith`, ...): one bit per check in a table asked once per program name, so a
 * command whose programs reach none of a check's tests does not call it (command_and_code.ts); and the whole-line
 * text checks, each behind the test its own text loop starts with (`textsReached`, round 15). */

import type { Segment } from "../shell_parser.ts";
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
import { judgesSegmentAlone, judgesSegmentsWith } from "./command_effects.ts";
import { readsStoreAlone, readsStoresWith } from "./secret_access.ts";
import { printsSecretsWith } from "./secret_egress.ts";
import { uploadsWith } from "./secret_uploads.ts";
import { deletesRemotelyWith } from "./remote_deletes.ts";
import { emptiesAlone, emptiesWith } from "./emptied_files.ts";
import { protectsWith } from "./protections.ts";
import { indexesWith } from "./config_files.ts";
import { runsSqlWith } from "./sql_effects.ts";
import { launchesAlone, launchesWith } from "./windows_launchers.ts";
import { protectsText } from "./protections.ts";
import { indexesText } from "./config_files.ts";
import { readsCredentialsText } from "./credential_columns.ts";

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
/** Round 15: the checks every command used to call, each behind the tests its segment loops start with. */
export const SEGMENT_CHECKS = SEGMENT_GATES.gate(judgesSegmentsWith);
export const SECRET_TOOLS = SEGMENT_GATES.gate(readsStoresWith);
export const SECRET_EGRESS = SEGMENT_GATES.gate(printsSecretsWith);
export const SECRET_UPLOADS = SEGMENT_GATES.gate(uploadsWith);
export const REMOTE_DELETES = SEGMENT_GATES.gate(deletesRemotelyWith);
export const EMPTIED_FILES = SEGMENT_GATES.gate(emptiesWith);
export const PROTECTIONS = SEGMENT_GATES.gate(protectsWith);
export const INDEX_COMMANDS = SEGMENT_GATES.gate(indexesWith);
export const SQL_CLIENTS = SEGMENT_GATES.gate(runsSqlWith);
export const LAUNCHERS = SEGMENT_GATES.gate(launchesWith);

/** Checks whose loops look at some segments for more than their program (one run as root, a redirection, a program
 * spelled with backslashes): the bit is set by such a segment too. */
const SEGMENT_TESTS: ReadonlyArray<readonly [number, (segment: Segment) => boolean]> = [
  [SEGMENT_CHECKS, judgesSegmentAlone],
  [SECRET_TOOLS, readsStoreAlone],
  [EMPTIED_FILES, emptiesAlone],
  [LAUNCHERS, launchesAlone],
];

/** The bits of every check of this table some segment reaches: by its program (`SEGMENT_GATES.reached`) or by the
 * segment tests above. */
export function reachedBy(segments: readonly Segment[]): number {
  let bits = SEGMENT_GATES.reached(segments);
  for (const [bit, test] of SEGMENT_TESTS) {
    if ((bits & bit) !== 0) continue;
    for (let k = 0; k < segments.length; k++) {
      if (test(segments[k])) {
        bits |= bit;
        break;
      }
    }
  }
  return bits;
}

/** The whole-line text checks (protections, index commands, credential columns): a bit each, set when one of the
 * first sixteen shell texts (all those the checks read) passes the test the check's own text loop starts with. */
export const PROTECTION_TEXTS = 1;
export const INDEX_TEXTS = 2;
export const CREDENTIAL_TEXTS = 4;

export function textsReached(texts: readonly string[]): number {
  let bits = 0;
  for (let k = 0; k < texts.length && k < 16; k++) {
    const text = texts[k];
    if (protectsText(text)) bits |= PROTECTION_TEXTS;
    if (indexesText(text)) bits |= INDEX_TEXTS;
    if (readsCredentialsText(text)) bits |= CREDENTIAL_TEXTS;
  }
  return bits;
}
