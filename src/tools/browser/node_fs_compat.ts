/** Makes `node:fs` existsSync answer false when Deno's permissions refuse the path, as Node answers for any error.
 * playwright-core probes WSL paths under /proc/sys at load, which Deno refuses to all but --allow-all, and the
 * engine runs with narrower flags: without this, loading playwright would throw. */
import fs from "node:fs";

let patched = false;

export function tolerateRefusedExistsChecks(): void {
  if (patched) return;
  patched = true;
  const existsSync = fs.existsSync;
  fs.existsSync = (path: fs.PathLike) => {
    try {
      return existsSync(path);
    } catch (error) {
      if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
        return false;
      }
      throw error;
    }
  };
}
