/** Makes the workspace match a snapshot manifest: removes what is new, restores exact bytes, modes and links. */
import { dirname } from "node:path";
import type { ObjectStore } from "./object_store.ts";
import { present, sameEntry } from "./snapshot_diff.ts";
import type { SnapshotEntry } from "./snapshot_types.ts";

export interface ApplyResult {
  restored: string[];
  removed: string[];
}

/** `target` is the snapshot's manifest, `current` a fresh scan of the same roots. */
export async function applyManifest(
  workspace: string,
  target: SnapshotEntry[],
  current: SnapshotEntry[],
  store: ObjectStore,
): Promise<ApplyResult> {
  const wanted = present(target);
  const existing = present(current);
  const removed: string[] = [];
  // Remove what the snapshot did not have, or what now has another type, deepest first.
  const toRemove = [...existing.values()]
    .filter((entry) => !wanted.has(entry.path) || wanted.get(entry.path)!.type !== entry.type)
    .map((entry) => entry.path)
    .sort((a, b) => b.length - a.length);
  for (const path of toRemove) {
    await Deno.remove(`${workspace}/${path}`, { recursive: true }).catch(ignoreNotFound);
    if (!wanted.has(path)) removed.push(path);
    existing.delete(path);
  }
  const restored: string[] = [];
  // Parents before children: manifests are sorted by path, so a directory precedes its contents.
  for (const entry of [...wanted.values()].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const now = existing.get(entry.path);
    if (now && sameEntry(now, entry)) continue;
    await restoreEntry(`${workspace}/${entry.path}`, entry, now, store);
    restored.push(entry.path);
  }
  return { restored, removed: removed.sort() };
}

async function restoreEntry(
  absolute: string,
  entry: SnapshotEntry,
  now: SnapshotEntry | undefined,
  store: ObjectStore,
): Promise<void> {
  if (entry.type === "directory") {
    await Deno.mkdir(absolute, { recursive: true });
    await Deno.chmod(absolute, entry.mode ?? 0o755);
  } else if (entry.type === "symlink") {
    await Deno.mkdir(dirname(absolute), { recursive: true });
    await Deno.remove(absolute).catch(ignoreNotFound);
    await Deno.symlink(entry.target!, absolute);
  } else if (entry.type === "file") {
    await Deno.mkdir(dirname(absolute), { recursive: true });
    if (now?.sha256 !== entry.sha256) {
      // Write beside the file and rename over it: readers never see a half-restored file.
      const temp = `${dirname(absolute)}/.chronicle_restore_${crypto.randomUUID()}`;
      await Deno.copyFile(store.pathOf(entry.sha256!), temp);
      await Deno.chmod(temp, entry.mode ?? 0o644);
      await Deno.rename(temp, absolute);
    } else {
      await Deno.chmod(absolute, entry.mode ?? 0o644);
    }
  }
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}
