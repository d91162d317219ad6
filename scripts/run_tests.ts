/** Runs the whole test suite and ends with the plain line CI reads: `N passed, N failed`. */

const extra = Deno.args;
const command = new Deno.Command(Deno.execPath(), {
  args: [
    "test",
    "--allow-all",
    "--no-check=remote",
    ...extra,
    ...(extra.some((a) => !a.startsWith("-")) ? [] : ["tests/"]),
  ],
  stdout: "piped",
  stderr: "inherit",
});
const child = command.spawn();
let tail = "";
const decoder = new TextDecoder();
for await (const chunk of child.stdout) {
  await Deno.stdout.write(chunk);
  tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4000);
}
const status = await child.status;
// deno prints e.g. "ok | 12 passed (3 steps) | 0 failed (1s)" or "FAILED | 10 passed | 2 failed".
// deno-lint-ignore no-control-regex
const plain = tail.replace(/\x1b\[[0-9;]*m/g, "");
const summary = plain.match(/(\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/);
const passed = summary ? Number(summary[1]) : 0;
let failed = summary ? Number(summary[2]) : 0;
if (!status.success && failed === 0) failed = 1; // a crash or type error before any test ran
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(status.success ? 0 : 1);
