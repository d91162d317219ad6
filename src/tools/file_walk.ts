/** Bounded recursive directory walk shared by search_files and grep_files. Symlinks are never followed. */
import * as path from "node:path";

export interface WalkEntry {
  absolute: string;
  /** Path relative to the walk root, with "/" separators. */
  relative: string;
  isDirectory: boolean;
  isSymlink: boolean;
}

/** Yields every entry below `root` breadth-first, visiting at most `maxEntries` entries. */
export async function* walk(root: string, maxEntries: number): AsyncGenerator<WalkEntry> {
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
      if (entry.isDirectory) queue.push(relative);
      yield {
        absolute: path.join(root, relative),
        relative,
        isDirectory: entry.isDirectory,
        isSymlink: entry.isSymlink,
      };
    }
  }
}
