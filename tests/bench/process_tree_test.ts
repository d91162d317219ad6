/** The footprint bench's system figure (issue 17: supervisor + engine + children) leaves out the launcher above
 * it (deno's task runner under `deno task start`) and reports it beside, with the sum including it. */
import { assert, assertEquals } from "../support/assert.ts";
import { systemMemory, treeMemory } from "../../bench/process_tree.ts";

Deno.test("footprint: the system's sums leave out the launcher, the second figure includes it", async () => {
  // A launcher that starts a child and waits for it, as deno's task runner waits for the supervisor.
  const launcher = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "const c = new Deno.Command('sleep', { args: ['30'] }).spawn(); console.log(c.pid); await c.status;",
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = launcher.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const childPid = Number((await reader.read()).value?.trim());
    const tree = treeMemory(launcher.pid);
    const { launcher: top, system, withLauncher } = systemMemory(tree.processes);
    assertEquals(top.pid, launcher.pid);
    assertEquals(system.processes.map((entry) => entry.pid), [childPid]);
    assertEquals(withLauncher.processes.length, 2);
    assert(top.rssMb > 0 && system.rssMb > 0);
    assertEquals(system.rssMb, system.processes[0].rssMb);
    assertEquals(withLauncher.rssMb, top.rssMb + system.rssMb);
    assertEquals(withLauncher.pssMb, top.pssMb + system.pssMb);
    assert(tree.rssMb === withLauncher.rssMb, "the launcher's tree sums what withLauncher reports");
  } finally {
    launcher.kill("SIGTERM");
    await launcher.status;
    await reader.cancel().catch(() => {});
  }
});

Deno.test("footprint: a launcher that has exited is an error, not a system without processes", () => {
  let thrown = false;
  try {
    systemMemory([]);
  } catch {
    thrown = true;
  }
  assert(thrown);
});
