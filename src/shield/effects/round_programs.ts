/** The round files' segment checks that look at some programs' segments only (rounds 48-70, called from
 * `roundNN.ts`): each behind the test its own segment loop starts with, one bit each in a table asked once per
 * program name (`ProgramGates`, answered in the one pass over an action's segments the effect profile's other
 * tables share), so a command none of whose programs passes a check's test does not enter it (speed round 32: a
 * median command entered all of them, each a few cold regex tests per segment). The tests are the checks' own,
 * exported beside them, so a check that reads one more program widens its gate with it. A new round check of this
 * kind joins this table the same way; `tests/shield/effects/round_programs_test.ts` proves each gate (the check
 * called ungated finds the same over every case, and a program the test rejects finds nothing). */

import type { Segment } from "../shell_parser.ts";
import { ProgramGates } from "./segment_programs.ts";
import { usesLolbasWith } from "./lolbas_uses.ts";
import { exposesWith } from "./exposed_servers.ts";
import { exploitsSetuidWith } from "./setuid_exploits.ts";
import { destroysBackupsWith } from "./backup_destruction.ts";
import { isSender } from "./cli_senders.ts";
import { retagsWith } from "./untrusted_builds.ts";
import { writesControllersWith } from "./ics_writes.ts";
import { handsToAgentCliWith } from "./cli_agent_tasks.ts";
import { deletesOnWindowsWith } from "./windows_deletes.ts";
import { searchesSecretsWith } from "./secret_pattern_searches.ts";
import { postsWith } from "./cli_posts.ts";
import { tampersWith } from "./engine_process_tampering.ts";
import { PROXY_PROGRAMS } from "./outside_proxies.ts";
import { CONFIG_EDITORS } from "./protection_settings_off.ts";
import { OTHER_CLOUDS } from "./boot_scripts.ts";

/** Not a table of the programs Shield knows (`gatedProgram`): round 59 judges unknown programs by the tables it was
 * written against, and this one names programs its checks only look at (`croc`, `del`, `tea`, ...). */
const TABLE = new ProgramGates(false);

/** Round 55: `judgeLolbasUses`, `judgeExposedServers`, `judgeSetuidExploits`, `judgeBackupDestruction`. */
export const LOLBAS = TABLE.gate(usesLolbasWith);
export const EXPOSED_SERVERS = TABLE.gate(exposesWith);
export const SETUID_EXPLOITS = TABLE.gate(exploitsSetuidWith);
export const BACKUP_DESTRUCTION = TABLE.gate(destroysBackupsWith);
/** Round 58: `judgeCliSenders` over a command's segments. */
export const CLI_SENDERS = TABLE.gate(isSender);
/** Round 61: `judgeRetaggedImages`. */
export const RETAGGED_IMAGES = TABLE.gate(retagsWith);
/** Round 57: `judgeIcsWrites`' segment loop (its code texts are read apart). */
export const ICS_WRITES = TABLE.gate(writesControllersWith);
/** Round 56: `judgeCliAgentTasks` and `judgeCliPosts`. */
export const CLI_AGENT_TASKS = TABLE.gate(handsToAgentCliWith);
export const CLI_POSTS = TABLE.gate(postsWith);
/** Round 53: `judgeWindowsDeletes` and `judgeSecretSearchCommands`. */
export const WINDOWS_DELETES = TABLE.gate(deletesOnWindowsWith);
export const SECRET_SEARCHES = TABLE.gate(searchesSecretsWith);
/** Round 65: `judgeEngineProcessTampering`. */
export const ENGINE_TAMPERING = TABLE.gate(tampersWith);
/** Round 64: `judgeOutsideProxyCommands` (its own first test) and `judgeProtectionSettingCommands`. */
export const OUTSIDE_PROXIES = TABLE.gate((program) => PROXY_PROGRAMS.has(program));
export const CONFIG_EDITS = TABLE.gate((program) => CONFIG_EDITORS.has(program));
/** Round 68: `judgeBootScriptCommands` (cloud CLIs). */
export const BOOT_SCRIPTS = TABLE.gate((program) =>
  program === "gcloud" || program === "aws" || program === "az" || OTHER_CLOUDS.has(program)
);

/** Round 63: `judgeTermChanges`' segment loop (only `sed` edits a terms file by command). */
export const SED_EDITS = TABLE.gate((program) => program === "sed");

/** Whether `payload` is one command line and nothing else (`{command: "git status"}`, what our command tool is given):
 * the round checks that read a call's other arguments by key (loader flags, find-and-replace pairs, named files,
 * setpoints) find no such key in it. */
export function loneCommandLine(payload: Record<string, unknown>): boolean {
  let keys = 0;
  for (const key in payload) {
    if (key !== "command" || ++keys > 1) return false;
  }
  return keys === 1 && typeof payload.command === "string";
}

/** The bits of the checks above some segment's program reaches (0 without segments). */
export function roundProgramsReached(segments: readonly Segment[]): number {
  return segments.length > 0 ? TABLE.reached(segments) : 0;
}
