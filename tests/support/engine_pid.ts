/** Finds the engine process a test supervisor started (to kill it with -9 mid-turn), by its command line. */

export async function enginePid(configPath: string): Promise<number> {
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const command = (await Deno.readTextFile(`/proc/${entry.name}/cmdline`)).split("\0");
      if (command.includes("engine") && command.includes(configPath)) return Number(entry.name);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`No engine process runs with config "${configPath}"`);
}
