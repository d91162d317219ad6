/** Puts content in place so readers see the old or the new file, never half of one: a fresh temp file beside the
 * target (same filesystem), then a rename over it. The rename replaces the last component itself, so a symlink or
 * hard link planted at the target is never written through. */
import * as path from "node:path";

/** Writes `data` to `file` (its folder must exist); `mode` keeps an existing file's permissions. */
export async function writeAtomically(file: string, data: string | Uint8Array, mode?: number): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const temp = tempBeside(file);
  try {
    await Deno.writeFile(temp, bytes, { createNew: true, mode: mode === undefined ? 0o644 : mode & 0o7777 });
    if (mode !== undefined) await Deno.chmod(temp, mode & 0o7777);
    await Deno.rename(temp, file);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** Copies the regular file `source` to `target` the same way (content and permissions). */
export async function copyAtomically(source: string, target: string): Promise<void> {
  const temp = tempBeside(target);
  try {
    // createNew first: the temp name is ours alone, whatever appears at it between two calls.
    await Deno.writeFile(temp, new Uint8Array(), { createNew: true, mode: 0o600 });
    await Deno.copyFile(source, temp);
    await Deno.rename(temp, target);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

function tempBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
}
