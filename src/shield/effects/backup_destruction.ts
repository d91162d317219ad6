/** Recovery taken away (round 55, MITRE ATT&CK T1490 Inhibit System Recovery, CISA #StopRansomware advisories):
 * every backup or snapshot deleted -- restic's `forget` fed the ids its own `snapshots` listing prints (`restic forget
 * $(restic snapshots --json | jq ...)`, a loop or `xargs` over it) or told to keep none (`--keep-last 0`), all of a
 * Windows machine's shadow copies removed through WMI (`Get-CimInstance Win32_ShadowCopy | Remove-CimInstance`,
 * `wmic shadowcopy delete`, `vssadmin delete shadows /all`), the backup catalog (`wbadmin delete catalog`) or the
 * recovery environment switched off (`bcdedit /set ... recoveryenabled no`, `reagentc /disable`) -- BLOCKs. And a
 * script fed to a disk partitioner (`(echo select disk 1 & echo clean all) | diskpart`, `diskpart /s x.txt` whose
 * lines the same command wrote) is judged as the script it is: `clean`, `format`, `delete partition|volume|disk`
 * BLOCK; `list disk` finds nothing. Retention policies (`restic forget --keep-daily 7 --prune`, `borg prune
 * --keep-daily=7`) and listings (`vssadmin list shadows`) find nothing. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** The programs of these commands (a WMI listing piped to a remover starts with the listing): the check runs only
 * when a segment's program is one of them. */
const PROGRAMS = new Set(
  "restic xargs vssadmin vssadmin.exe wbadmin wbadmin.exe bcdedit bcdedit.exe reagentc reagentc.exe wmic wmic.exe diskpart diskpart.exe get-ciminstance gcim get-wmiobject gwmi"
    .split(" "),
);

/** Whether judgeBackupDestruction looks at a command with this program (any case). */
export const destroysBackupsWith = (program: string): boolean => PROGRAMS.has(program.toLowerCase());
const WINDOWS_HINT = /shadow|wbadmin|bcdedit|reagentc/i;
const KEEP_SOME = /^--keep-(?!last(?:=0$|$))[\w-]+(?:=.*)?$/;
const SHADOWS_BY_WMI =
  /\bwin32_shadowcopy\b[^\n]*\|\s*(?:remove-ciminstance|remove-wmiobject|rcim|rwmi|%\s*\{[^}]*\.delete\(\)|foreach-object\s*\{[^}]*\.delete\(\))|\bwmic(?:\.exe)?\s+shadowcopy\s+delete\b/i;
const ALL_SHADOWS = /\bvssadmin(?:\.exe)?\s+delete\s+shadows\b[^\n&|;]*\/all\b/i;
const CATALOG = /\bwbadmin(?:\.exe)?\s+delete\s+(?:catalog|systemstatebackup|backup)\b/i;
const RECOVERY_OFF =
  /\bbcdedit(?:\.exe)?\s+\/set\s+(?:\{[\w-]+\}\s+)?(?:recoveryenabled\s+no|bootstatuspolicy\s+ignoreallfailures)\b|\breagentc(?:\.exe)?\s+\/disable\b/i;
const PARTITIONERS = /^(?:diskpart|diskpart\.exe)$/i;
const WRITERS = /^(?:echo|printf|write-output|type|cat)$/i;
const ERASING_SCRIPT = /\b(?:clean|format|delete\s+(?:partition|volume|disk))\b/i;

/** Whether a `restic forget` removes every snapshot: fed its own listing, or keeping none. */
function forgetsAll(segments: readonly Segment[]): boolean {
  const lists = segments.some((segment) =>
    segment.program === "restic" && segment.argv.includes("snapshots")
  );
  return segments.some((segment) => {
    const forget = segment.argv.indexOf("forget");
    if (forget < 0 || (segment.program !== "restic" && segment.program !== "xargs")) return false;
    const after = segment.argv.slice(forget + 1);
    if (
      after.some((arg, i) => /^--keep-last(?:=0)?$/.test(arg) && (arg.endsWith("=0") || after[i + 1] === "0"))
    ) {
      return true;
    }
    const keeps = after.some((arg) => KEEP_SOME.test(arg));
    const fed = segment.program === "xargs" || after.some((arg) => /^(?:\$|`)/.test(arg));
    return lists && fed && !keeps;
  });
}

/** The lines a disk partitioner is fed by the same command, when it is fed any. */
function partitionerScript(segments: readonly Segment[]): string | undefined {
  const partitioner = segments.find((segment) => PARTITIONERS.test(segment.program));
  if (!partitioner) return undefined;
  const fed = partitioner.joinedBy === "|" || partitioner.argv.some((arg) => /^[/-]s$/i.test(arg)) ||
    partitioner.redirects.some((redirect) => redirect.op === "<");
  if (!fed) return undefined;
  return segments.filter((segment) => WRITERS.test(segment.program)).map((segment) =>
    segment.argv.slice(1).join(" ")
  )
    .join("\n");
}

export function judgeBackupDestruction(
  tool: string,
  texts: readonly string[],
  segments: readonly Segment[],
  findings: Findings,
): void {
  const script = partitionerScript(segments);
  if (script !== undefined && ERASING_SCRIPT.test(script)) {
    findings.block("delete", `"${tool}" feeds diskpart a script that erases a disk or volume`);
  }
  if (forgetsAll(segments)) {
    findings.block("delete", `"${tool}" forgets every restic snapshot (no backup left)`);
  }
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024) continue;
    if (!WINDOWS_HINT.test(text)) continue;
    if (SHADOWS_BY_WMI.test(text) || ALL_SHADOWS.test(text)) {
      findings.block("delete", `"${tool}" deletes every shadow copy (T1490)`);
    }
    if (CATALOG.test(text)) findings.block("delete", `"${tool}" deletes the Windows backup catalog (T1490)`);
    if (RECOVERY_OFF.test(text)) {
      findings.block("security", `"${tool}" switches Windows recovery off (T1490)`);
    }
  }
}
