/** Compares a snapshot's manifest with the workspace as it is now. */
import type { FileChange, SnapshotEntry } from "./snapshot_types.ts";

/** Paths that differ between `before` (snapshot) and `now`; "absent" entries count as not existing. */
export function compareEntries(before: SnapshotEntry[], now: SnapshotEntry[]): FileChange[] {
  const old = present(before);
  const current = present(now);
  const changes: FileChange[] = [];
  for (const [path, entry] of current) {
    const previous = old.get(path);
    if (!previous) changes.push({ path, change: "added" });
    else if (!sameEntry(previous, entry)) changes.push({ path, change: "modified" });
  }
  for (const path of old.keys()) if (!current.has(path)) changes.push({ path, change: "removed" });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function present(entries: SnapshotEntry[]): Map<string, SnapshotEntry> {
  return new Map(entries.filter((entry) => entry.type !== "absent").map((entry) => [entry.path, entry]));
}

export function sameEntry(a: SnapshotEntry, b: SnapshotEntry): boolean {
  return a.type === b.type && a.mode === b.mode && a.sha256 === b.sha256 && a.target === b.target;
}

/** True when bytes look like text a human can read in a diff. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.subarray(0, 8192).includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
