/** cmd.exe's own respellings undone (round 53), as shell_rebind.ts does for sh: a program name assembled from
 * variables the line sets (`set a=cer&& set b=tutil&& call %a%%b% -urlcache ...`), delayed expansion (`!a!!b!`),
 * substrings and replacements (`%s:~1,9%`, `%x:_=%`, `%COMSPEC:~-7,3%` of the standard variables) and caret escapes
 * (`c^e^r^t^u^t^i^l`). The expanded line is one more variant of the command, parsed and scanned as the rest; `call`
 * before the program it runs is dropped. Sources: Bohannon, "DOSfuscation" (FireEye, 2018); MITRE ATT&CK
 * T1059.003 and T1027. */

import { matchesOf } from "./match_all.ts";

/** Standard variables with their usual values, read only through a substring or replacement (`%COMSPEC:~-7,3%`). */
const STANDARD: ReadonlyMap<string, string> = new Map([
  ["comspec", "C:\\WINDOWS\\system32\\cmd.exe"],
  ["windir", "C:\\WINDOWS"],
  ["systemroot", "C:\\WINDOWS"],
  ["programfiles", "C:\\Program Files"],
  ["programdata", "C:\\ProgramData"],
  ["allusersprofile", "C:\\ProgramData"],
  ["public", "C:\\Users\\Public"],
  ["commonprogramfiles", "C:\\Program Files\\Common Files"],
  ["pathext", ".COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC"],
]);

/** A cheap sign of any respelling: a `%name...%` or `!name!` reference, or a caret inside a word. */
const HINT = /%[A-Za-z_][\w.-]*(?::[^%\s]*)?%|![A-Za-z_][\w.-]*(?::[^!\s]*)?!|[A-Za-z]\^[A-Za-z]/;
const CARETS = /\^(.)/g;
/** `set name=value` (quoted as `set "name=value"` too; `set /a` arithmetic is left alone). */
const SET = /(?:^|[\s&|("])set\s+("?)([A-Za-z_][\w.-]*)=([^&|\n"]*)\1/gi;
const REFERENCE =
  /%([A-Za-z_][\w.-]*)(?::(?:~(-?\d+)(?:,(-?\d+))?|([^=%]*)=([^%]*)))?%|!([A-Za-z_][\w.-]*)(?::(?:~(-?\d+)(?:,(-?\d+))?|([^=!]*)=([^!]*)))?!/g;
/** `call` before what it runs, at a command's start. */
const CALL = /(^|[&|(]\s*)call\s+/gi;

/** `%v:~start,length%` as cmd reads it: negative values count from the end. */
function substring(value: string, start: number, length: number | undefined): string {
  const from = start < 0 ? Math.max(0, value.length + start) : Math.min(start, value.length);
  if (length === undefined) return value.slice(from);
  const to = length < 0 ? value.length + length : from + length;
  return to <= from ? "" : value.slice(from, to);
}

function expand(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replace(REFERENCE, (written: string, ...groups: Array<string | undefined>) => {
    const delayed = groups[5] !== undefined;
    const [name, start, length, from, to] = delayed ? groups.slice(5, 10) : groups.slice(0, 5);
    const key = (name ?? "").toLowerCase();
    const shaped = start !== undefined || from !== undefined;
    const value = variables.get(key) ?? (shaped ? STANDARD.get(key) : undefined);
    if (value === undefined) return written;
    if (start !== undefined) {
      return substring(value, Number(start), length === undefined ? undefined : Number(length));
    }
    if (from !== undefined && from !== "") return value.split(new RegExp(escape(from), "i")).join(to ?? "");
    return value;
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The command line with cmd's variables, substrings and carets expanded, when that changes it. */
export function cmdExpanded(text: string): string | undefined {
  if (text.length > 64 * 1024 || !HINT.test(text)) return undefined;
  const unescaped = /[A-Za-z]\^[A-Za-z]/.test(text) ? text.replace(CARETS, "$1") : text;
  const variables = new Map<string, string>();
  for (const match of matchesOf(SET, unescaped)) {
    if (variables.size >= 64) break;
    variables.set(match[2].toLowerCase(), expand(match[3].trimEnd(), variables));
  }
  const expanded = expand(unescaped, variables);
  const result = expanded === text ? expanded : expanded.replace(CALL, "$1");
  return result === text ? undefined : result;
}
