/** Windows launchers that run code they are handed (round 26, the LOLBAS project's "execute" entries): `mshta` and
 * `rundll32` running inline VBScript or JScript (`mshta vbscript:...`, `rundll32 javascript:...mshtml,RunHTMLApplication`)
 * BLOCK; `msbuild` on a file that is no project of a build (inline tasks in an `.xml` or `.txt`) or from a folder
 * anyone can write, `installutil`/`regasm`/`regsvcs` running an assembly's install hooks, and `cscript`/`wscript`
 * with the script engine forced (`//E:jscript` on a `.txt`) or a script from such a folder ESCALATE. Downloads,
 * shares and URLs these programs are given are judged in fetched_code.ts; the commands `cmd /c`, `forfiles /c` and
 * `wmic process call create` are handed are judged as commands (shell_windows.ts). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs } from "./programs.ts";

const LAUNCHERS = /^(?:mshta|rundll32|msbuild|installutil|regasm|regsvcs|cscript|wscript)(?:\.exe)?$/i;
const LAUNCHER_PROGRAMS = programs(LAUNCHERS);
const INLINE_SCRIPT = /^(?:vbscript|javascript|jscript|about):|\bRunHTMLApplication\b|\bmshtml\b/i;
/** Folders any user or any download can write: a file there was not written by the project's build. */
const WRITABLE_PLACE =
  /(?:^|[\\/])(?:Users[\\/]Public|Temp|Tmp|AppData|Downloads|ProgramData|Recycle\.Bin)(?:[\\/]|$)|%(?:TEMP|TMP|APPDATA|LOCALAPPDATA|PUBLIC|PROGRAMDATA)%|^\/tmp\/|^\\\\/i;
const BUILD_FILES = /\.(?:sln|slnx|csproj|vbproj|fsproj|vcxproj|proj|props|targets|sfproj|wixproj)$/i;
const SCRIPT_FILES = /\.(?:vbs|vbe|js|jse|wsf|wsh)$/i;

/** Whether judgeLaunchers' loop looks at a segment of `program`. */
export function launchesWith(program: string): boolean {
  return LAUNCHER_PROGRAMS.has(program);
}

/** Whether it looks at a segment whatever its program: one spelled with a Windows folder (`C:\...\MSBuild.exe`). */
export function launchesAlone(segment: Segment): boolean {
  return (segment.argv[0] ?? "").includes("\\");
}

export function judgeLaunchers(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const first = segment.argv[0] ?? "";
    const name = first.slice(Math.max(first.lastIndexOf("\\"), first.lastIndexOf("/")) + 1).toLowerCase()
      .replace(/\.exe$/, "");
    if (!LAUNCHERS.test(name)) continue;
    const args = segment.argv.slice(1);
    const operands = args.filter((arg) => !/^(?:\/\/?|-)[\w:=?-]*$/.test(arg) && !/^\/\w+[:=]/.test(arg));
    if ((name === "mshta" || name === "rundll32") && args.some((arg) => INLINE_SCRIPT.test(arg))) {
      findings.block("exec", `"${name}" runs inline script code`);
    } else if (name === "msbuild") {
      const file = operands.find((arg) => !BUILD_FILES.test(arg) || WRITABLE_PLACE.test(arg));
      if (file !== undefined && /\.\w{1,8}$/.test(file)) {
        findings.escalate("exec", `"msbuild" builds "${file}", which can run inline tasks`);
      }
    } else if (name === "installutil" || name === "regasm" || name === "regsvcs") {
      const file = operands.find((arg) => /\.(?:dll|exe)$/i.test(arg));
      if (file !== undefined) findings.escalate("exec", `"${name}" runs the install hooks of "${file}"`);
    } else if (name === "cscript" || name === "wscript") {
      const engine = args.some((arg) => /^\/\/?e:/i.test(arg));
      const file = operands.find((arg) => engine || !SCRIPT_FILES.test(arg) || WRITABLE_PLACE.test(arg));
      if (file !== undefined) findings.escalate("exec", `"${name}" runs "${file}" as a script`);
    }
  }
}
