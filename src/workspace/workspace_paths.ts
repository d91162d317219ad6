/** Resolves a path given by the model to a real absolute path and keeps it inside the workspace.
 * Containment is checked after symlinks are resolved, because Deno's own sandbox follows them. */
import * as path from "node:path";
import { ToolError } from "../lib/errors.ts";

export interface ResolveOptions {
  /** Home directory that `~` expands to. */
  home?: string;
  /** Fail when the path does not exist. */
  mustExist?: boolean;
  /** Accept a path outside the workspace (reads of system files when the engine allows it). */
  allowOutside?: boolean;
  /** Verb used in error messages: `Cannot <action> "x": ...` (default "access"). */
  action?: string;
}

/** Returns the absolute real path of `userPath`, or throws ToolError with a clear reason. */
export async function resolveInWorkspace(
  workspace: string,
  userPath: string,
  options: ResolveOptions = {},
): Promise<string> {
  const { realWorkspace, absolute, fail } = await prepare(workspace, userPath, options);
  const { real, exists } = await realPathOfLongestAncestor(absolute, fail);
  if (!options.allowOutside && !isInside(realWorkspace, real)) fail("file is outside the workspace");
  if (options.mustExist && !exists) fail("file not found");
  return real;
}

/** Like resolveInWorkspace, but the last component is not followed: a symlink names the link itself.
 * Used by delete and move, which act on the entry and must never touch the link's target. */
export async function resolveEntryInWorkspace(
  workspace: string,
  userPath: string,
  options: ResolveOptions = {},
): Promise<string> {
  const { realWorkspace, absolute, fail } = await prepare(workspace, userPath, options);
  if (absolute === realWorkspace) return realWorkspace;
  const parent = await realPathOfLongestAncestor(path.dirname(absolute), fail);
  const entry = path.join(parent.real, path.basename(absolute));
  if (!options.allowOutside && !isInside(realWorkspace, entry)) fail("file is outside the workspace");
  if (options.mustExist && !(await lstatOrUndefined(entry))) fail("file not found");
  return entry;
}

/** lstat that returns undefined for a missing entry. */
export async function lstatOrUndefined(entry: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.lstat(entry);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) return undefined;
    throw error;
  }
}

/** True when `candidate` is `root` itself or lies below it (both already real paths). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/** Path to show the model and to report in `reads.paths`: relative inside the workspace, else absolute. */
export function displayPath(realWorkspace: string, absolute: string): string {
  if (!isInside(realWorkspace, absolute)) return absolute;
  return path.relative(realWorkspace, absolute) || ".";
}

type Fail = (reason: string) => never;

async function prepare(workspace: string, userPath: string, options: ResolveOptions) {
  const fail: Fail = (reason) => {
    throw new ToolError(`Cannot ${options.action ?? "access"} "${userPath}": ${reason}`);
  };
  if (typeof userPath !== "string" || userPath.length === 0) fail("path is empty");
  if (userPath.includes("\0")) fail("path contains a NUL byte");
  const realWorkspace = await Deno.realPath(workspace);
  const absolute = toAbsolute(realWorkspace, expandHome(userPath, options.home, fail));
  return { realWorkspace, absolute, fail };
}

function expandHome(userPath: string, home: string | undefined, fail: Fail): string {
  if (!userPath.startsWith("~")) return userPath;
  if (userPath !== "~" && !userPath.startsWith("~/")) fail('only "~" and "~/" are supported');
  if (!home) fail("home directory is not known");
  return path.join(home!, userPath.slice(1));
}

function toAbsolute(realWorkspace: string, userPath: string): string {
  return path.isAbsolute(userPath) ? path.normalize(userPath) : path.resolve(realWorkspace, userPath);
}

/** Walks up to the longest existing ancestor, resolves it for real, and re-appends the missing tail. */
async function realPathOfLongestAncestor(
  absolute: string,
  fail: Fail,
): Promise<{ real: string; exists: boolean }> {
  const missing: string[] = [];
  let current = absolute;
  while (true) {
    // The filesystem root is real by definition, even where the engine may not read it.
    const real = current === path.sep ? path.sep : await tryRealPath(current, fail);
    if (real !== undefined) {
      return { real: missing.length ? path.join(real, ...missing.reverse()) : real, exists: !missing.length };
    }
    const parent = path.dirname(current);
    if (parent === current) fail("no existing ancestor");
    missing.push(path.basename(current));
    current = parent;
  }
}

async function tryRealPath(candidate: string, fail: Fail): Promise<string | undefined> {
  try {
    return await Deno.realPath(candidate);
  } catch (error) {
    // A place the engine may not look into is taken as written: nothing can be done there either (the same
    // refusal meets the tool), and the workspace itself is always readable, so containment still holds.
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      return undefined;
    }
    if (!(error instanceof Deno.errors.NotFound)) {
      if (error instanceof Deno.errors.NotADirectory) fail("a parent is not a directory");
      throw error;
    }
  }
  // A dangling symlink would be followed by a later write, so its target cannot be checked: refuse it.
  try {
    const info = await Deno.lstat(candidate);
    if (info.isSymlink) fail("dangling symbolic link");
  } catch (error) {
    if (error instanceof ToolError) throw error;
  }
  return undefined;
}
