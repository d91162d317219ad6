/** Where a file tool acts: a path argument resolved to its real absolute path (every symlink followed, `~` expanded
 * with the tools' home), kept inside the workspace and off protected paths. The pipeline resolves before Shield
 * judges; the tool resolves again right before it acts and refuses when the answer changed, so what was judged is
 * exactly what is touched. */
import * as path from "node:path";
import {
  displayPath,
  lstatOrUndefined,
  resolveEntryInWorkspace,
  resolveInWorkspace,
} from "../workspace/workspace_paths.ts";
import { type Access, protectedBelow, protectionOf } from "../workspace/protected_paths.ts";
import { ToolError } from "../lib/errors.ts";
import type { ResolvedFileToolOptions } from "./file_helpers.ts";
import { walk } from "./file_walk.ts";

/** read: may leave the workspace when outside reads are allowed. write: the file itself, symlinks followed.
 * entry: the directory entry itself (a symlink names the link), for delete and the source of a move. */
export type TargetKind = "read" | "write" | "entry";

/** Bound on the entries a move or copy of a directory checks one by one. */
const MAX_TREE_ENTRIES = 200_000;

/** Resolves `userPath` and refuses outside or protected targets; `action` is the verb of error messages. */
export async function resolveTarget(
  options: ResolvedFileToolOptions,
  userPath: string,
  kind: TargetKind,
  action: string,
): Promise<string> {
  const resolveOptions = {
    home: options.home,
    action,
    allowOutside: kind === "read" && options.allowOutsideReads,
  };
  const target = kind === "entry"
    ? await resolveEntryInWorkspace(options.realWorkspace, userPath, resolveOptions)
    : await resolveInWorkspace(options.realWorkspace, userPath, resolveOptions);
  if (AMBIGUOUS.test(target)) {
    throw new ToolError(
      `Cannot ${action} "${userPath}": a backslash, control character or space at either end of a name could be ` +
        "read as another path by the checks, so such paths are refused",
    );
  }
  refuseProtected(options, userPath, target, kind === "read" ? "read" : "write", action);
  return target;
}

/** Characters that path matching may normalise away (Shield trims, turns `\` into `/`): a name with them could
 * be judged as one path and acted on as another. */
// deno-lint-ignore no-control-regex
const AMBIGUOUS = /[\\\x00-\x1f\x7f]|(?:^|\/)\s|\s(?:\/|$)/;

/** A path already resolved (and judged) must still resolve to itself right before the tool acts on it; any
 * other answer means a symlink was swapped in meanwhile. Returns the absolute real path. */
export async function settleTarget(
  options: ResolvedFileToolOptions,
  given: string,
  kind: TargetKind,
  action: string,
): Promise<string> {
  const expected = path.resolve(options.realWorkspace, given);
  const label = nameOf(options, expected);
  let target: string;
  try {
    target = await resolveTarget(options, label, kind, action);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    throw new ToolError(`${error.message} (a symbolic link changed after the call was checked)`);
  }
  if (target !== expected) {
    const now = nameOf(options, target);
    throw new ToolError(
      `Cannot ${action} "${label}": it now resolves to "${now}"; a symbolic link changed after the call was checked`,
    );
  }
  return target;
}

/** A real path as Shield, the audit and a human see it: workspace-relative inside (against the real workspace,
 * so it names the same file), absolute outside. A leading `~` or `$` is part of a name here, never a home. */
export function nameOf(options: ResolvedFileToolOptions, real: string): string {
  const shown = displayPath(options.realWorkspace, real);
  return /^[~$]/.test(shown) ? `./${shown}` : shown;
}

/** resolveTarget, named for the judges: what `resolveArguments` hands the pipeline. */
export async function judgedName(
  options: ResolvedFileToolOptions,
  userPath: string,
  kind: TargetKind,
  action: string,
): Promise<string> {
  return nameOf(options, await resolveTarget(options, userPath, kind, action));
}

/** settleTarget for paths the pipeline resolved, resolveTarget for a direct caller's raw path. */
export function targetFor(
  options: ResolvedFileToolOptions,
  given: string,
  kind: TargetKind,
  action: string,
  resolved: boolean | undefined,
): Promise<string> {
  return resolved ? settleTarget(options, given, kind, action) : resolveTarget(options, given, kind, action);
}

export function refuseProtected(
  options: ResolvedFileToolOptions,
  userPath: string,
  real: string,
  access: Access,
  action: string,
): void {
  const reason = protectionOf(options.protectedPaths, real, access);
  if (reason === undefined) return;
  const shown = displayPath(options.realWorkspace, real);
  const what = shown === userPath ? "protected path" : `it resolves to "${shown}", a protected path`;
  throw new ToolError(`Cannot ${action} "${userPath}": ${what} (${reason})`);
}

/** A directory removed or moved as a whole must not carry a protected entry with it. */
export function refuseProtectedBelow(
  options: ResolvedFileToolOptions,
  userPath: string,
  real: string,
  action: string,
): void {
  const reason = protectedBelow(options.protectedPaths, real);
  if (reason === undefined) return;
  throw new ToolError(`Cannot ${action} "${userPath}": it holds a protected entry (${reason})`);
}

/** Checks every entry of a directory that is copied (`read`) or moved (`write`) from `source` to `target`:
 * nothing protected may be read or removed on the way, nor land on a protected path. */
export async function checkTree(
  options: ResolvedFileToolOptions,
  userPath: string,
  source: string,
  target: string,
  sourceAccess: Access,
  action: string,
): Promise<void> {
  if (!(await lstatOrUndefined(source))?.isDirectory) return;
  let count = 0;
  for await (const entry of walk(source, MAX_TREE_ENTRIES + 1)) {
    if (++count > MAX_TREE_ENTRIES) {
      throw new ToolError(`Cannot ${action} "${userPath}": more than ${MAX_TREE_ENTRIES} entries to check`);
    }
    refuseProtected(options, userPath, entry.absolute, sourceAccess, action);
    refuseProtected(options, userPath, path.join(target, entry.relative), "write", action);
  }
}

/** Label for messages: workspace-relative when a resolved path is inside, the model's text otherwise. */
export function labelOf(options: ResolvedFileToolOptions, given: string): string {
  return path.isAbsolute(given) ? nameOf(options, given) : given;
}

/** stat of a resolved path, with "file not found" as a ToolError naming what the model asked for. */
export async function existingInfo(real: string, label: string, action: string): Promise<Deno.FileInfo> {
  try {
    return await Deno.stat(real);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new ToolError(`Cannot ${action} "${label}": file not found`);
    }
    throw error;
  }
}
