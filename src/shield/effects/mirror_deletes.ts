/** Mirror syncs that delete the destination (round 17): `rsync --delete*` and `rclone sync` make the destination
 * match the source and delete what the source lacks, so an empty or stray source aimed at the workspace root, a
 * home or `/` wipes it. Syncing a build into one of the project's folders (`rsync --delete build/ public/`) or into
 * temp passes. Sources: rsync(1) `--delete`; rclone docs, `rclone sync` ("deletes files in the destination");
 * GTFOBins rsync. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";

const HOME_ROOT = /^(?:\/home\/[^/]+|\/root|\/Users\/[^/]+)$/;

function destination(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (segment.program === "rsync") {
    if (!argv.some((word) => word.startsWith("--delete") || word === "--del")) return undefined;
  } else if (segment.program === "rclone") {
    if (!argv.includes("sync")) return undefined;
  } else return undefined;
  const operands = argv.slice(1).filter((word) => !word.startsWith("-") && word !== "sync");
  return operands.length >= 2 ? operands[operands.length - 1] : undefined;
}

function resolved(target: string, environment: ShieldEnvironment): string {
  let path = target;
  if (path === "~" || path.startsWith("~/")) path = environment.home + path.slice(1);
  else if (!path.startsWith("/")) path = `${environment.workspace}/${path}`;
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

/** The test `destination` starts with (a gate of `profile_gates.ts`). */
export const mirrorsWith = (program: string): boolean => program === "rsync" || program === "rclone";

export function judgeMirrorDeletes(
  tool: string,
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    const target = destination(segment);
    if (target === undefined || /^[\w-]+:/.test(target) && !target.startsWith("/")) continue;
    const path = resolved(target, environment);
    const wide = path === "/" || path === "/home" || path === "/Users" || HOME_ROOT.test(path) ||
      path === environment.workspace || path === environment.home;
    if (wide) {
      findings.escalate("delete", `"${tool}" mirrors over "${path}", deleting what the source lacks`);
      return;
    }
  }
}
