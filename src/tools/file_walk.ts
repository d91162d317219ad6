/** Bounded recursive directory walk shared by search_files, grep_files and the tree checks of move and copy.
 * Symlinks are never followed, so every path it yields below a real root is itself real. */
import * as path from "node:path";
import { isInside } from "../workspace/protected_paths.ts";

export interface WalkEntry {
  absolute: string;
  /** Path relative to the walk root, with "/" separators. */
  relative: string;
  isDirectory: boolean;
  isSymlink: boolean;
}

/** Yields every entry below `root` breadth-first, visiting at most `maxEntries` entries; `excluded` paths (the
 * engine's state, config and policies) are neither yielded nor entered. */
export async function* walk(
  root: string,
  maxEntries: number,
  excluded: readonly string[] = [],
): AsyncGenerator<WalkEntry> {
  const queue: string[] = [""];
  let visited = 0;
  while (queue.length > 0) {
    const relativeDirectory = queue.shift()!;
    const entries: Deno.DirEntry[] = [];
    try {
      for await (const entry of Deno.readDir(path.join(root, relativeDirectory))) entries.push(entry);
    } catch {
      continue; // unreadable directory: skip it, the walk is best effort
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++visited > maxEntries) return;
      const relative = relativeDirectory ? `${relativeDirectory}/${entry.name}` : entry.name;
      const absolute = path.join(root, relative);
      if (excluded.some((hidden) => isInside(hidden, absolute))) continue;
      if (entry.isDirectory) queue.push(relative);
      yield {
        absolute,
        relative,
        isDirectory: entry.isDirectory,
        isSymlink: entry.isSymlink,
      };
    }
  }
}
