/** Writes a file so readers see the old or the new content, never a half-written one. */

/** Temp file in the same folder (same filesystem, so rename is atomic), then rename over the target: the rename
 * replaces the last component itself, so a symlink or hard link planted at `path` is never written through. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const slash = path.lastIndexOf("/");
  const temp = `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.${crypto.randomUUID()}.tmp`;
  try {
    await Deno.writeTextFile(temp, content, { createNew: true });
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
