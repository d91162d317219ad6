/** Writes files into a folder, leaving every file that already exists untouched (first-run presets). */

/** Returns the paths written; existing files are kept and not listed. */
export async function writeNewFiles(directory: string, files: Record<string, string>): Promise<string[]> {
  await Deno.mkdir(directory, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const path = `${directory}/${name}`;
    try {
      await Deno.writeTextFile(path, text, { createNew: true });
      written.push(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
  }
  return written;
}
