/** Interpreter code that deletes a folder's contents outside the workspace (round 72): a listing walked and each
 * entry removed, or a recursive delete, aimed at a literal folder of the machine -- Python
 * `[shutil.rmtree(os.path.join('/srv/uploads', d)) for d in os.listdir('/srv/uploads')]`, `for p in
 * Path('/mnt/share').iterdir(): shutil.rmtree(p)`, Node `fs.readdirSync('/srv/backups').forEach(f =>
 * fs.rmSync(path.join('/srv/backups', f), {recursive: true}))`, Ruby `FileUtils.rm_rf(Dir.glob("/opt/data/*"))`,
 * Go `os.RemoveAll`, PowerShell `Get-ChildItem D:\Shares | Remove-Item -Recurse`. Round 21's code check reads only
 * the home folder by name; a joined path (`os.path.join(root, d)`) names no file a path check can see, so these
 * passed. The folder counts when its literal sits in a delete or listing call (or in a variable such a call names)
 * and it lies outside the workspace and the temporary folders: a build folder (`build`, `dist`) or `/tmp/cache`
 * cleaned the same way is ordinary work. Sources: MITRE ATT&CK T1485 Data Destruction; Replit's database deletion
 * (July 2025); the Python, Node.js and Ruby file APIs. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath } from "./path_classes.ts";
import { matchesOf } from "../match_all.ts";

/** Calls that delete a tree, or an entry a walk hands them. */
export const DELETE_CALL =
  /(?:\b(?:shutil\.rmtree|rmtree|os\.remove|os\.unlink|os\.rmdir|rmSync|rmdirSync|unlinkSync|fs\.rm|fs\.promises\.rm|rimraf(?:\.sync)?|FileUtils\.rm_rf?|FileUtils\.remove_dir|FileUtils\.rm|remove_tree|rm_rf|os\.RemoveAll|os\.Remove|fs::remove_dir_all|Remove-Item|File\.delete|Directory\.Delete|unlink)|\.(?:unlink|rmdir))\s*[(\s]/g;
/** Calls that list a folder's entries (a walk hands each to the delete). */
const WALK_CALL =
  /(?:\b(?:os\.listdir|os\.scandir|os\.walk|glob\.i?glob|readdirSync|readdir|Dir\.glob|Dir\.children|Dir\.each_child|Dir\.entries|os\.ReadDir|filepath\.Walk(?:Dir)?|fs::read_dir|Get-ChildItem)|\.(?:iterdir|r?glob))\s*[(\s]|\bDir\[/g;
/** Recursive removal named in the code: the whole tree goes, not one file. */
const RECURSIVE =
  /rmtree|remove_tree|rm_rf|RemoveAll|remove_dir_all|recursive\s*:\s*true|-Recurse|rimraf|rm_r\b/;
const LITERAL = /["'`]((?:\/|~\/|[A-Za-z]:\\{1,2})[^"'`\n]{1,200})["'`]/g;
const ASSIGNED =
  /\b([A-Za-z_$][\w$]*)\s*(?::[^=\n]{0,40})?=\s*(?:Path\(\s*)?["'`]((?:\/|~\/|[A-Za-z]:\\{1,2})[^"'`\n]{1,200})["'`]/g;
/** A glob's wildcard part: the folder is what precedes it. */
const WILDCARD = /[*?[{].*$/;

function callWindows(code: string, pattern: RegExp, into: string[]): void {
  pattern.lastIndex = 0;
  for (const match of code.matchAll(pattern)) {
    if (into.length >= 32) return;
    const start = match.index ?? 0;
    // The same line before the call (`Path('/srv').iterdir()`) and up to 200 characters after it.
    const lineStart = code.lastIndexOf("\n", start) + 1;
    into.push(code.slice(Math.max(lineStart, start - 160), start + 200));
  }
}

/** Whether `path` (a literal of the code) lies outside the workspace and the temporary folders. */
function outsideFolder(path: string, environment: ShieldEnvironment): boolean {
  const folder = path.replace(/\\\\/g, "\\").replace(WILDCARD, "").replace(/[/\\]+$/, "") || "/";
  if (folder === "/dev/null" || /^\/(?:proc|sys|dev)(?:\/|$)/.test(folder)) return false;
  const normal = normalizePath(folder, environment.workspace, environment.shellHome);
  const kind = classifyPath(normal, environment);
  return kind !== "workspace" && kind !== "temp" && kind !== "engine";
}

/** The first folder outside the workspace that a delete (after a walk, or a recursive one) is aimed at. */
export function deletedTreeOutside(code: string, environment: ShieldEnvironment): string | undefined {
  if (code.length > 64 * 1024) return undefined;
  DELETE_CALL.lastIndex = 0;
  if (!DELETE_CALL.test(code)) return undefined;
  const deletes: string[] = [];
  callWindows(code, DELETE_CALL, deletes);
  const walks: string[] = [];
  callWindows(code, WALK_CALL, walks);
  const recursive = RECURSIVE.test(code);
  if (walks.length === 0 && !recursive) return undefined;
  const windows = [...deletes, ...walks];
  const named = (text: string) => windows.some((window) => window.includes(text));
  const candidates: string[] = [];
  for (const match of matchesOf(LITERAL, code)) {
    if (candidates.length >= 16) break;
    if (named(match[0])) candidates.push(match[1]);
  }
  for (const match of matchesOf(ASSIGNED, code)) {
    if (candidates.length >= 24) break;
    const variable = new RegExp(`(?<![\\w$.])${match[1].replace(/\$/g, "\\$")}(?![\\w$])`);
    if (windows.some((window) => variable.test(window))) candidates.push(match[2]);
  }
  return candidates.find((path) => outsideFolder(path, environment));
}

export function judgeCodeTreeDeletes(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const code of texts.slice(0, 8)) {
    const folder = deletedTreeOutside(code, environment);
    if (folder !== undefined) {
      findings.escalate(
        "delete",
        `code deletes the contents of "${folder.slice(0, 80)}" outside the workspace`,
      );
      return;
    }
  }
}
