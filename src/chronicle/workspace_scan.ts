/** Reads the state of workspace paths (type, mode, content hash) for snapshots, diffs and rollbacks. */
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { ValidationError } from "../lib/errors.ts";
import { sha256Hex, sha256HexOfFile } from "../lib/sha256.ts";
import type { ObjectStore } from "./object_store.ts";
import type { StatCache } from "./stat_cache.ts";
import type { SnapshotEntry } from "./snapshot_types.ts";

/** Never snapshotted nor touched by rollback: engine state, and git's immutable object database. */
const EXCLUDED = [".engine", ".git/objects"];
const CONCURRENCY = 64;
const IN_MEMORY_LIMIT = 16 * 1024 * 1024;

function isExcluded(relativePath: string): boolean {
  return EXCLUDED.some((prefix) => relativePath === prefix || relativePath.startsWith(prefix + "/"));
}

/** Workspace-relative "/" path for a user or tool path; "" is the workspace itself. */
export function toRelative(workspace: string, path: string): string {
  if (typeof path !== "string" || path.trim() === "" || path.includes("\0")) {
    throw new ValidationError(`Invalid snapshot path "${path}": expected a workspace path`);
  }
  const absolute = isAbsolute(path) ? resolve(path) : resolve(workspace, path);
  const rel = relative(workspace, absolute).split(sep).join("/");
  if (rel === ".." || rel.startsWith("../") || isAbsolute(rel)) {
    throw new ValidationError(`Cannot snapshot "${path}": path is outside the workspace`);
  }
  if (isExcluded(rel)) {
    throw new ValidationError(`Cannot snapshot "${path}": path holds engine or git object state`);
  }
  return rel;
}

export interface ScanContext {
  workspace: string;
  cache: StatCache;
  /** Filesystem time when the scan began (see StatCache.lookup). */
  scanStart: number;
  /** When given, file contents are copied into it (snapshot); otherwise only hashed (diff). */
  store?: ObjectStore;
}

/** Entries for every root and everything under directory roots, sorted by path, without duplicates. */
export async function scanPaths(context: ScanContext, roots: string[]): Promise<SnapshotEntry[]> {
  const found = new Map<string, SnapshotEntry>();
  for (const root of roots) {
    if (root === "") await scanChildren(context, "", found);
    else await scanPath(context, root, found);
  }
  return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function scanPath(context: ScanContext, rel: string, found: Map<string, SnapshotEntry>): Promise<void> {
  if (found.has(rel) || isExcluded(rel)) return;
  const absolute = `${context.workspace}/${rel}`;
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(absolute);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      found.set(rel, { path: rel, type: "absent" });
      return;
    }
    throw error;
  }
  const mode = (info.mode ?? 0o644) & 0o7777;
  if (info.isSymlink) {
    found.set(rel, { path: rel, type: "symlink", target: await Deno.readLink(absolute) });
  } else if (info.isDirectory) {
    found.set(rel, { path: rel, type: "directory", mode });
    await scanChildren(context, rel, found);
  } else if (info.isFile) {
    const sha = await fileHash(context, rel, absolute, info);
    found.set(rel, { path: rel, type: "file", mode, sha256: sha, size: info.size });
  }
  // Sockets, fifos and devices are not workspace content: left out.
}

async function scanChildren(
  context: ScanContext,
  rel: string,
  found: Map<string, SnapshotEntry>,
): Promise<void> {
  const names: string[] = [];
  for await (const item of Deno.readDir(rel === "" ? context.workspace : `${context.workspace}/${rel}`)) {
    names.push(rel === "" ? item.name : posix.join(rel, item.name));
  }
  for (let i = 0; i < names.length; i += CONCURRENCY) {
    await Promise.all(names.slice(i, i + CONCURRENCY).map((name) => scanPath(context, name, found)));
  }
}

async function fileHash(
  context: ScanContext,
  rel: string,
  absolute: string,
  info: Deno.FileInfo,
): Promise<string> {
  const { cache, store } = context;
  const cached = cache.lookup(rel, info, context.scanStart);
  if (cached && (!store || store.has(cached))) return cached;
  let sha: string;
  if (store) sha = await store.putFile(absolute, info.size);
  else if (info.size <= IN_MEMORY_LIMIT) sha = sha256Hex(await Deno.readFile(absolute));
  else sha = await sha256HexOfFile(absolute);
  cache.remember(rel, info, sha);
  return sha;
}
