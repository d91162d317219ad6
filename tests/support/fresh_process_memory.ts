/** Runs `script` in a fresh Deno process with the engine's V8 flags (and `gc` exposed) and returns the number it
 * prints: the memory tests' measure, taken where nothing else the test runner loaded is on the heap. Throws with the
 * process's stderr when the script fails. */
export async function measuredInFreshProcess(script: string): Promise<number> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--expose-gc,--max-semi-space-size=1", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(new TextDecoder().decode(result.stderr));
  return Number(new TextDecoder().decode(result.stdout).trim());
}
