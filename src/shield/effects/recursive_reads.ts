/** Commands that read a whole folder tree (`grep -r`, `rg`, `find ... -exec cat`, `find ... | xargs cat`, `tar c`,
 * `zip -r`, `cp -r`, `rsync`) from a root that holds the engine's control files or the user's secret stores:
 * the files are never named, so path checks alone do not see them read. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";

/** Programs that read every file under their path arguments, and how to tell they recurse. */
const ALWAYS_RECURSIVE = new Set(["rg", "ag", "ack", "rsync", "du"]);
const RECURSIVE_WHEN = new Map<string, RegExp>([
  ["grep", /^-(?:[a-zA-Z]*[rR][a-zA-Z]*|-recursive|-dereference-recursive)$/],
  ["egrep", /^-(?:[a-zA-Z]*[rR][a-zA-Z]*|-recursive)$/],
  ["fgrep", /^-(?:[a-zA-Z]*[rR][a-zA-Z]*|-recursive)$/],
  ["cp", /^-(?:[a-zA-Z]*[rRa][a-zA-Z]*|-recursive|-archive)$/],
  ["scp", /^-[a-zA-Z]*r[a-zA-Z]*$/],
  ["zip", /^-[a-zA-Z]*r[a-zA-Z]*$/],
  ["tar", /^-?[a-zA-Z]*c[a-zA-Z]*$|^--create$/],
  ["7z", /^a$/],
]);
/** Whether judgeRecursiveReads looks at a segment of this program (it finds nothing in the others). */
export const readsTreesWith = (program: string): boolean =>
  ALWAYS_RECURSIVE.has(program) || RECURSIVE_WHEN.has(program) || program === "find";
/** What `find -exec`/`xargs` hand each found file to that reads it. */
const READERS =
  /^(?:cat|head|tail|less|more|strings|base64|xxd|od|hexdump|grep|egrep|cp|scp|curl|nc|tar|zip|gzip|bat|nl|awk|sed|sort|uniq|tee|openssl|gpg)$/;

function pathArguments(segment: Segment): string[] {
  const argv = segment.argv;
  if (segment.program === "find") {
    const roots: string[] = [];
    for (let i = 1; i < argv.length && !/^[-(!]/.test(argv[i]); i++) roots.push(argv[i]);
    return roots.length > 0 ? roots : ["."];
  }
  return argv.slice(1).filter((arg) => !arg.startsWith("-") && !arg.includes("://") && arg.length < 512);
}

function readsTree(segment: Segment, next: Segment | undefined): boolean {
  const program = segment.program;
  if (ALWAYS_RECURSIVE.has(program)) return program !== "du";
  if (program === "find") {
    const index = segment.argv.findIndex((arg) => /^-(?:exec|execdir|ok|okdir)$/.test(arg));
    if (index > 0) return READERS.test((segment.argv[index + 1] ?? "").replace(/^.*\//, ""));
    return next?.joinedBy === "|" && next.program === "xargs" &&
      READERS.test((next.argv.find((arg, i) => i > 0 && !arg.startsWith("-")) ?? "").replace(/^.*\//, ""));
  }
  const flag = RECURSIVE_WHEN.get(program);
  return flag !== undefined && segment.argv.slice(1).some((arg) => flag.test(arg));
}

/** Whether some control path lies under `root` (the root itself being a control path is left to path checks). */
function holdsControlFiles(root: string, environment: ShieldEnvironment): boolean {
  const prefix = root.endsWith("/") ? root : `${root}/`;
  return environment.controlPaths.some((control) => control.startsWith(prefix));
}

export function judgeRecursiveReads(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (let i = 0; i < segments.length && i < 64; i++) {
    const segment = segments[i];
    if (!readsTreesWith(segment.program)) continue;
    if (!readsTree(segment, segments[i + 1])) continue;
    const homes = [environment.shellHome, environment.home];
    for (const argument of pathArguments(segment).slice(0, 8)) {
      // A relative path without `..` stays in the workspace.
      if (!/^[/~$]/.test(argument) && !argument.includes("..")) continue;
      const home = argument.startsWith("~")
        ? homes.find((candidate) => candidate !== environment.workspace)
        : undefined;
      const path = normalizePath(argument, environment.workspace, home ?? environment.shellHome);
      if (path.relative !== undefined) continue;
      if (holdsControlFiles(path.absolute, environment)) {
        findings.escalate(
          "engine",
          `reads all of "${path.absolute}", which holds the engine's control files`,
        );
      } else if (classifyPath(path, environment) === "secret-container") {
        findings.escalate("read", `reads all of "${path.absolute}", which holds secret stores`);
      }
    }
  }
}
