/** Writes a file so readers see the old or the new content, never a half-written one. */

/** Temp file in the same folder (same filesystem, so rename is atomic), then rename over the target. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const slash = path.lastIndexOf("/");
  const temp = `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.${crypto.randomUUID()}.tmp`;
  try {
    await Deno.writeTextFile(temp, content);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
