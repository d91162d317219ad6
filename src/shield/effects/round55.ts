/** Round 55's host and shell checks, each behind its own cheap sign: Windows binaries used as downloaders, copiers
 * and launchers by the LOLBAS table (`lolbas_uses.ts`), WMI event subscriptions and UAC bypasses
 * (`windows_elevation.ts`), setuid exploits by environment or argument (`setuid_exploits.ts`), every backup or
 * recovery point deleted and scripts fed to diskpart (`backup_destruction.ts`), cryptominers by their options
 * (`miner_signs.ts`) and servers exposed without authentication (`exposed_servers.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeLolbasUses } from "./lolbas_uses.ts";
import { elevationHint, judgeWindowsElevation } from "./windows_elevation.ts";
import { judgeSetuidExploits } from "./setuid_exploits.ts";
import { judgeBackupDestruction } from "./backup_destruction.ts";
import { documentsOnly, judgeMinerSigns, minerHint } from "./miner_signs.ts";
import { judgeExposedServers } from "./exposed_servers.ts";
import * as programs from "./round_programs.ts";
import { ELEVATION, HINTS } from "./round_hints.ts";
import { usesLolbasWith } from "./lolbas_uses.ts";
import { exposesWith } from "./exposed_servers.ts";
import { exploitsSetuidWith } from "./setuid_exploits.ts";
import { destroysBackupsWith } from "./backup_destruction.ts";
import { EITHER_HINT } from "./windows_elevation.ts";
import { CODE, commandNeeds, LONG_SHELL, NAMED, OTHER_TEXTS } from "./round_plan.ts";

/** The texts a miner's options may stand in: commands, code, written files and any other argument text. */
const MINER_KINDS = ["shell", "code", "content", "outbound", "task"] as const;

const REGISTRY_WRITER = /regist|(?:^|[_-])reg(?:[_-]|$)|^reg[A-Z]/i;
const REGISTRY_READER = /get|read|query|list|enum|search|export/i;

/** A tool's top-level string arguments. */
function argumentStrings(payload: Record<string, unknown>): string[] {
  return Object.values(payload).slice(0, 32).filter((value): value is string => typeof value === "string");
}

/** A tool's argument lists joined into lines (`{args: ["-o", "pool:3333", "-u", WALLET]}`), two levels down: their
 * words are judged together, as a command line's are. */
function argumentLines(payload: Record<string, unknown>, depth = 0): string[] {
  const lines: string[] = [];
  for (const value of Object.values(payload).slice(0, 32)) {
    if (
      Array.isArray(value) && value.length > 1 && value.length <= 256 &&
      value.every((item) => typeof item === "string")
    ) {
      lines.push(value.join(" "));
    } else if (depth < 1 && typeof value === "object" && value !== null && !Array.isArray(value)) {
      lines.push(...argumentLines(value as Record<string, unknown>, depth + 1));
    }
  }
  return lines;
}

/** The miner hint (`miner_signs.ts` HINT) without its wallet alternative, which has no literal and needs a text of 95
 * characters or more (`LONG_SHELL`); `round_plan_test.ts` checks the two stay alike. */
export const MINER_WORDS =
  /-o["'\s]|--url|--pool|--user|--donate-level|--cpu-max-threads|--randomx|rx\/0|--coin|xmr|stratum/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): its four programs' tests, the elevation and
 * miner hints in its line (a wallet only in a long one), code and other texts, a registry tool's name. */
export const ON_COMMAND = commandNeeds({
  programs: (program) =>
    usesLolbasWith(program) || exposesWith(program) || exploitsSetuidWith(program) ||
    destroysBackupsWith(program),
  words: [EITHER_HINT, MINER_WORDS],
  facts: CODE | OTHER_TEXTS | NAMED | LONG_SHELL,
});

export function judgeRound55(view: ActionView, findings: Findings): void {
  const segments = view.segments;
  const shell = view.texts.get("shell") ?? [];
  // Speed round 32: the four programs' tests asked once per program name for every round's table.
  const reached = programs.roundProgramsReached(segments);
  if (reached & programs.LOLBAS) judgeLolbasUses(segments, findings);
  if (reached & programs.EXPOSED_SERVERS) judgeExposedServers(segments, findings);
  if (reached & programs.SETUID_EXPLOITS) judgeSetuidExploits(view.tool, shell, segments, findings);
  if (reached & programs.BACKUP_DESTRUCTION) judgeBackupDestruction(view.tool, shell, segments, findings);
  const content = view.texts.get("content") ?? [];
  // Speed round 33: the hint asked as a keyword family's bit first (`round_hints.ts`).
  const elevation = HINTS.reached(shell, content) & ELEVATION
    ? [...shell, ...content].filter(elevationHint)
    : [];
  if (elevation.length > 0) judgeWindowsElevation(view.tool, elevation, false, findings);
  // A registry tool's arguments (`write_registry {key: "HKCU\\Software\\Classes\\ms-settings\\..."}`) set the key.
  if (REGISTRY_WRITER.test(view.tool) && !REGISTRY_READER.test(view.tool)) {
    const keys = argumentStrings(view.calledPayload).filter(elevationHint);
    if (keys.length > 0) judgeWindowsElevation(view.tool, keys, true, findings);
  }
  // Round 75: a runbook or write-up quoting a miner's options is read, not run (`miner_signs.ts` documentsOnly).
  if (view.type === "write_file" && documentsOnly(view.writePaths.map((path) => path.absolute))) return;
  const mining = [
    ...MINER_KINDS.flatMap((kind) => view.texts.get(kind) ?? []),
    ...argumentLines(view.calledPayload),
  ]
    .filter(minerHint);
  if (mining.length > 0) judgeMinerSigns(view.tool, mining, findings);
}
