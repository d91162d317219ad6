/** Windows binaries used as an attacker's downloader, copier or launcher (round 55), judged by the LOLBAS table
 * (data/lolbas.ts): a row's function called (its listed arguments) on a file from a URL or network share, or on a
 * file in a folder anyone can write (`C:\Users\Public`, `%TEMP%`, `AppData`, `ProgramData`), BLOCKs when the file is
 * code (`esentutl /y \\host\share\svc.exe /d C:\ProgramData\svc.exe`, `odbcconf /a {REGSVR C:\Users\Public\x.dll}`,
 * `cmstp /ni /s C:\Users\Public\x.inf`, `mavinject PID /INJECTRUNNING x.dll`; a launcher given such a file by
 * any switch, `regsvr32 /s C:\Users\Public\x.dll`); an execute function called on any
 * other file, and a download or copy from a remote place of anything else, ESCALATE. The rows' other uses
 * (`esentutl /mh db.edb`, `odbcconf /a {CONFIGDSN ...}`, `expand .\vendor\x.cab -F:* .\build`) find nothing. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { LOLBAS_ROWS, type LolbasRow } from "./data/lolbas.ts";

const ROWS = new Map<string, LolbasRow>(LOLBAS_ROWS.map((row) => [row.name, row]));

/** The name of a row a program is (`C:/Windows/System32/ODBCCONF.EXE` -> `odbcconf`), if any. */
function rowOf(program: string): LolbasRow | undefined {
  const name = program.slice(program.lastIndexOf("/") + 1).toLowerCase().replace(/\.exe$/, "");
  return ROWS.get(name);
}

/** The programs of rows with `fn` as one pattern (fetched_code.ts's programs that run what a URL gives them). */
export function lolbasPattern(fn: "download" | "copy" | "execute"): RegExp {
  const names = LOLBAS_ROWS.filter((row) => row.functions.includes(fn)).map((row) =>
    row.name.replace(/-/g, "\\-")
  );
  return new RegExp(`^(?:${names.join("|")})(?:\\.exe)?$`, "i");
}

/** Whether judgeLolbasUses looks at a segment of this program. */
export function usesLolbasWith(program: string): boolean {
  return rowOf(program) !== undefined;
}

/** A URL or a network share (`//host/share/x`, `\\host\share\x`). */
const REMOTE = /(?:^|[:={ "])(?:(?:https?|ftp):\/\/|\/\/[\w.$-]+\/|\\\\[\w.$-]+\\)/i;
/** Folders any user or program can write, where nothing installed lives: code there BLOCKs. */
const WRITABLE =
  /(?:^|[\\/{ "'])(?:[a-z]:[\\/])?(?:users[\\/]public|windows[\\/]temp|temp|tmp|recycle\.bin)(?:[\\/]|$)|%(?:temp|tmp|public)%|\$env:(?:temp|tmp|public)\b|[\\/]appdata[\\/]local[\\/]temp[\\/]/i;
/** Folders programs keep their own files in, which a user's tools also write: code there ESCALATEs. */
const PROGRAM_DATA =
  /(?:^|[\\/{ "'])(?:appdata|programdata)(?:[\\/]|$)|%(?:appdata|localappdata|programdata)%|\$env:(?:appdata|localappdata|programdata)\b/i;
/** Files that hold code a Windows program runs. */
const CODE_FILE =
  /\.(?:exe|dll|ocx|cpl|scr|sys|sct|inf|hta|ps1|psm1|bat|cmd|vbs|vbe|js|jse|wsf|wsh|msi|msp|xsl|chm|xbap|rsp|mof|lnk)(?:$|["'},])/i;

export function judgeLolbasUses(segments: readonly Segment[], findings: Findings): void {
  for (let k = 0; k < segments.length && k < 64; k++) {
    const segment = segments[k];
    const row = rowOf(segment.program);
    if (!row) continue;
    const args = segment.argv.slice(1, 33);
    const remote = args.find((arg) => REMOTE.test(arg));
    const written = args.find((arg) => WRITABLE.test(arg));
    const kept = args.find((arg) => PROGRAM_DATA.test(arg));
    const code = args.some((arg) => CODE_FILE.test(arg));
    const name = row.name;
    const executes = row.functions.includes("execute");
    // A launcher given code from a share or a folder anyone writes runs it, whatever switch it is called with.
    const dropped = executes && !row.installs && code && (remote ?? written ?? kept) !== undefined;
    // The rows judged elsewhere are judged here for that alone (`rundll32 C:\Users\Public\a.dll,Start`).
    if (!dropped && (row.handled || !row.trigger.test(args.join(" ").toLowerCase()))) continue;
    if (row.handled && remote === undefined && written === undefined) continue;
    if ((remote !== undefined || (executes && written !== undefined)) && (code || executes)) {
      findings.block("exec", `"${name}" ${executes ? "runs" : "copies"} code from "${remote ?? written}"`);
    } else if (executes) {
      findings.escalate("exec", `"${name}" runs code it is handed (a LOLBAS proxy execution)`);
    } else if (remote !== undefined) {
      findings.escalate("network", `"${name}" copies a file from "${remote}"`);
    }
  }
}
