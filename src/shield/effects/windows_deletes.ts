/** The Windows forms of the destructive classes the sh side knows (round 53), judged on the parsed segments: a
 * recursive listing of the user profiles, a home folder or a drive piped into a deleter (`Get-ChildItem C:\Users
 * -Recurse -Include *.docx | Remove-Item -Force`, `gci $HOME -r | ri -fo`, `... | % { Remove-Item $_ }`), as
 * `find ~ -delete` is; a recursive delete of a drive, the profiles, a home or a system folder (`Remove-Item C:\Users
 * -Recurse`, `rd /s /q C:\`, `del /s /q C:\Users\*`), as `rm -rf ~` is; and a volume erased (`Format-Volume`,
 * `Clear-Disk`, `format D:`), as `mkfs` is: all BLOCK. Wiping a drive's free space so deleted files cannot be
 * recovered (`cipher /w:C:\`), recursive deletes of a profile's folders or of backups, and any other listing outside
 * the workspace piped into a deleter ask (as `rm -rf ~/Documents` does); inside it (`Get-ChildItem .\build -Recurse |
 * Remove-Item`, `rd /s /q node_modules`) nothing is found. Sources: MITRE ATT&CK T1485 Data Destruction, T1490
 * Inhibit System Recovery, T1561 Disk Wipe; CISA #StopRansomware advisories. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const LISTERS = new Set(["get-childitem", "gci", "ls", "dir", "get-item", "gi"]);
const DELETERS = new Set(["remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "remove-itemproperty"]);
const FOR_EACH = new Set(["%", "foreach-object", "foreach"]);
const ERASERS = new Set(["format-volume", "clear-disk", "initialize-disk", "remove-partition"]);
/** PowerShell's recursion switch by any prefix, cmd's `/s`. */
const RECURSE = /^(?:-r(?:e(?:c(?:u(?:r(?:se?)?)?)?)?)?|\/s)$/i;
/** Where a Windows command line names a place: a drive, a variable for home, cmd's `%VAR%`. */
const WINDOWS_PLACE = /^(?:[a-z]:(?:\/|$)|\$env:|\$home\b|%\w+%|~(?:\/|$))/i;
const HOME = String
  .raw`(?:\$home|\$env:userprofile|%userprofile%|\$env:homepath|%homepath%|\$env:onedrive|~|[a-z]:/users/[^/]+)`;
/** Drives, all profiles, a home and system folders. */
const WIDE = new RegExp(
  String
    .raw`^(?:[a-z]:|[a-z]:/users|${HOME}|[a-z]:/windows(?:/system32)?|[a-z]:/program files(?: \(x86\))?|[a-z]:/programdata)$`,
  "i",
);
const BACKUP = /\bbackups?\b/i;
/** A profile's own folders, which a bulk delete empties. */
const PROFILE_FOLDER = new RegExp(
  String
    .raw`^${HOME}/(?:documents|desktop|pictures|videos|music|downloads|onedrive[^/]*|dropbox|appdata)(?:/.*)?$`,
  "i",
);

/** A path argument as a place: slashes, no quotes, no trailing `\`, `\*` or `\*.*`. */
function place(word: string): string {
  return word.replace(/^["']|["']$/g, "").replaceAll("\\", "/").replace(/(?:\/\*(?:\.\*)?|\/)+$/, "");
}

/** The places a segment's arguments name outside the workspace (Windows spellings only). */
function places(segment: Segment): string[] {
  return segment.argv.slice(1, 24).filter((arg) => !/^-/.test(arg) && !/^\/[a-z]$/i.test(arg)).map(place)
    .filter((arg) => WINDOWS_PLACE.test(arg));
}

const lower = (segment: Segment | undefined) => segment?.program.toLowerCase() ?? "";

/** The programs `judgeWindowsDeletes`' loop reads (speed round 32 gates it by name). */
export function deletesOnWindowsWith(program: string): boolean {
  const name = program.toLowerCase();
  return ERASERS.has(name) || name === "format" || name === "cipher" || DELETERS.has(name) ||
    LISTERS.has(name);
}

/** The deleter a listing at `k` is piped into, directly or through ForEach-Object. */
function pipedDeleter(segments: readonly Segment[], k: number): Segment | undefined {
  for (let j = k + 1; j < segments.length && j <= k + 4; j++) {
    const program = lower(segments[j]);
    if (DELETERS.has(program)) return segments[j];
    // `% { Remove-Item $_ }`: the block's words are the loop's arguments.
    if (FOR_EACH.has(program) && segments[j].argv.some((word) => DELETERS.has(word.toLowerCase()))) {
      return segments[j];
    }
    if (!FOR_EACH.has(program) && !program.startsWith("{") && segments[j].joinedBy !== "|") return undefined;
  }
  return undefined;
}

export function judgeWindowsDeletes(segments: readonly Segment[], findings: Findings): void {
  for (let k = 0; k < segments.length && k < 64; k++) {
    const segment = segments[k];
    const program = lower(segment);
    if (ERASERS.has(program) || (program === "format" && /^[a-z]:$/i.test(segment.argv[1] ?? ""))) {
      findings.block("delete", `"${segment.argv[0]}" erases a disk or volume`);
      return;
    }
    if (program === "cipher" && segment.argv.some((arg) => /^\/w(?::|$)/i.test(arg))) {
      findings.escalate("delete", `"cipher /w" wipes a drive's deleted files beyond recovery`);
    }
    const deleting = DELETERS.has(program);
    if (!deleting && !LISTERS.has(program)) continue;
    const deleter = deleting ? segment : pipedDeleter(segments, k);
    if (!deleter) continue;
    const recursive = [...segment.argv, ...deleter.argv].some((arg) => RECURSE.test(arg));
    for (const target of places(segment)) {
      const wide = WIDE.test(target);
      if (wide && recursive) {
        findings.block("delete", `deletes everything under "${target}"`);
        return;
      }
      const kept = PROFILE_FOLDER.test(target) || BACKUP.test(target);
      if (deleting ? recursive && kept : wide || kept || recursive) {
        findings.escalate("delete", `deletes the files under "${target}"`);
      }
    }
  }
}
