/** Search tools hunting secrets by pattern across the home folder or the whole disk (round 53): Cursor's
 * `grep_search {query: "(AKIA|ASIA)[A-Z0-9]{16}", includePattern: "~/**"}`, Claude's `Grep {pattern: "sk-...",
 * path: "/Users/emma"}`, `find_in_files {directory: "C:\\Users", regex: "AWS_SECRET_ACCESS_KEY"}` -- what the Nx
 * "s1ngularity" package (Aug 2025) had AI CLIs do before sending the finds out. The shell forms (`rg -e 'AKIA' ~`,
 * `grep -r "PRIVATE KEY" /`) are rules already; these tools name their pattern and folder in arguments of their own,
 * which the search command line Shield rebuilds for them does not read. Search commands too, in the spellings the
 * rules do not know: Windows places and searchers (`findstr /s "AKIA" C:\Users\*.*`, `Get-ChildItem -Recurse $HOME |
 * Select-String "PRIVATE KEY"`) and newer key shapes (`rg "sk-ant-" /Users/emma`). It asks; the same search over the
 * project (`includePattern: "src/**"`, `rg AKIA src`) passes. Sources: Wiz and StepSecurity on s1ngularity; MITRE ATT&CK T1552.001. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { identifierWords, mcpParts } from "./words.ts";

const SEARCH_WORDS = new Set(["search", "grep", "find", "ripgrep", "rg", "scan", "glob"]);
const PATTERN_KEYS =
  /^(?:pattern|patterns|query|regex|regexp|search|search_?term|search_?query|q|term|text|keywords?|needle)$/i;
const ROOT_KEYS =
  /^(?:path|paths|file_?path|files?|filename|target|dir|directory|directories|root|cwd|folder|folders|include_?pattern|includes?|glob|search_?path|target_?directory|target_?directories|base_?path|scope|location|roots)$/i;
/** Secret shapes and names a hunt looks for, written out or as a regex (`xox[baprs]-`, `gh[pousr]_`). */
const SECRET_PATTERN =
  /AKIA|ASIA|gh(?:[pousr]_|\[)|github_pat|glpat|xox(?:[abprs]-|\[)|\bsk[-_](?:live|proj|ant)?|AIza|PRIVATE KEY|aws_secret|secret_?access|api[_-]?key|passw(?:or)?d|\btoken\b|credential|mnemonic|seed phrase/i;
/** The home folder, the profiles or the whole disk, once trailing globs are dropped. */
const WIDE_ROOT =
  /^(?:~|\$home|\$\{home\}|%userprofile%|\$env:userprofile|\/home(?:\/[^/]+)?|\/users(?:\/[^/]+)?|\/root|\/etc|\/var|\/opt|\/mnt|\/media|[a-z]:|[a-z]:\/users(?:\/[^/]+)?)$/i;

/** A folder or glob as the folder it searches: slashes, trailing glob parts dropped (`~/**` -> `~`, `/**` -> `/`). */
function folderOf(value: string): string {
  const parts = value.trim().replaceAll("\\", "/").split("/");
  while (parts.length > 1 && (parts[parts.length - 1] === "" || parts[parts.length - 1].includes("*"))) {
    parts.pop();
  }
  const folder = parts.join("/");
  return folder === "" && value.trim().startsWith("/") ? "/" : folder;
}

const texts = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string").slice(0, 16)
    : [];

export function judgeSecretPatternSearches(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!identifierWords(mcpParts(tool)?.tool ?? tool).some((word) => SEARCH_WORDS.has(word))) return;
  const entries = Object.entries(payload).slice(0, 32);
  const hunts = entries.some(([key, value]) =>
    PATTERN_KEYS.test(key) && texts(value).some((text) => text.length < 512 && SECRET_PATTERN.test(text))
  );
  if (!hunts) return;
  for (const [key, value] of entries) {
    if (!ROOT_KEYS.test(key)) continue;
    const wide = texts(value).find(wideFolder);
    if (wide !== undefined) {
      findings.escalate("read", `"${tool}" searches "${wide}" for secrets`);
      return;
    }
  }
}

const SEARCHERS = new Set(["grep", "egrep", "rg", "ag", "ack", "findstr", "select-string", "sls", "git"]);
const LISTERS = new Set(["get-childitem", "gci", "ls", "dir"]);
/** An option, or a Windows switch (`/s`, `/i`, `/d:x`), not a folder. */
const SWITCH = /^-|^\/[a-z?]{1,3}(?::|$)/i;

/** Whether a word names the home folder, the profiles or the whole disk. */
const wideFolder = (word: string) => {
  const folder = folderOf(word);
  return folder === "/" ? word.trim().startsWith("/") : WIDE_ROOT.test(folder);
};

/** Search commands whose pattern hunts secrets and whose folder (or the listing piped in) is home or the disk. */
/** The programs `judgeSecretSearchCommands` reads (speed round 32 gates it by name). */
export const searchesSecretsWith = (program: string): boolean => SEARCHERS.has(program.toLowerCase());

export function judgeSecretSearchCommands(segments: readonly Segment[], findings: Findings): void {
  for (let k = 0; k < segments.length && k < 64; k++) {
    const segment = segments[k];
    if (!SEARCHERS.has(segment.program.toLowerCase())) continue;
    const words = segment.argv.slice(1, 24);
    if (!words.some((word) => word.length < 512 && SECRET_PATTERN.test(word))) continue;
    const listed = segment.joinedBy === "|" && LISTERS.has(segments[k - 1]?.program.toLowerCase() ?? "")
      ? segments[k - 1].argv.slice(1, 24)
      : [];
    const wide = [...words, ...listed].find((word) => !SWITCH.test(word) && wideFolder(word));
    if (wide !== undefined) {
      findings.escalate("read", `"${segment.program}" searches "${wide}" for secrets`);
      return;
    }
  }
}
