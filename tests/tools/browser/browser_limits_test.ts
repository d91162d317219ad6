/** The browser's limits: the navigation timeout, navigation disabled after consecutive failures, the idle shutdown
 * (through the rig's hand-fired timers, with the Chromium processes seen to end), one browser per session. */
import { assert, assertEquals } from "../../support/assert.ts";
import { processesMatching, waitForNoProcesses } from "../../support/chromium_processes.ts";
import type { BrowserEvent } from "../../../src/tools/browser/browser_tools.ts";
import { startBrowserRig } from "./_browser_rig.ts";

type Started = Extract<BrowserEvent, { type: "started" }>;
const started = (events: BrowserEvent[]) =>
  events.filter((event): event is Started => event.type === "started");

Deno.test("a slow page is a navigation timeout error, and the browser goes on working", async () => {
  const rig = await startBrowserRig({ limits: { navTimeoutMs: 1_500 } });
  try {
    const slow = await rig.call("browser_navigate", { url: `${rig.server.origin}/slow` });
    assertEquals(slow.isError, true);
    assert(
      slow.output.startsWith(
        `Navigation to "${rig.server.origin}/slow" timed out after 2 s ` +
          "(agents.browser_nav_timeout_seconds)",
      ),
      slow.output,
    );
    assert(slow.output.endsWith("(navigation failure 1 of 3 allowed in a row)"), slow.output);
    rig.limits.navTimeoutMs = 30_000; // the next page is local: only a loaded machine could make it slow
    const next = await rig.call("browser_navigate", { url: `${rig.server.origin}/second` });
    assertEquals(next.isError, false, next.output);
    assert(next.output.includes("This is the second page."), next.output);
  } finally {
    await rig.close();
  }
});

Deno.test("consecutive failed navigations disable navigation for that session only", async () => {
  const rig = await startBrowserRig({ limits: { maxNavFailures: 3 } });
  try {
    const refused = `http://127.0.0.1:${rig.server.port}/`;
    // A success in between starts the count again.
    await rig.call("browser_navigate", { url: refused });
    await rig.call("browser_navigate", { url: refused });
    const good = await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    assertEquals(good.isError, false, good.output);
    await rig.call("browser_navigate", { url: refused });
    await rig.call("browser_navigate", { url: `${rig.server.origin}/redirect-local` });
    const third = await rig.call("browser_navigate", { url: `${rig.server.origin}/download` });
    assert(
      third.output.endsWith("Browser navigation is now disabled for this session (3 consecutive failures)"),
    );

    const after = await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    assertEquals(after.isError, true);
    assert(after.output.startsWith("Browser navigation is disabled for this session after 3 consecutive"));
    assert(after.output.includes("agents.max_consecutive_nav_failures is 3"), after.output);

    const other = await rig.call("browser_navigate", { url: `${rig.server.origin}/` }, "session-2");
    assertEquals(other.isError, false, other.output);
    // A deleted session's count is forgotten.
    await rig.tools.closeSession("session-1");
    const fresh = await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    assertEquals(fresh.isError, false, fresh.output);
  } finally {
    await rig.close();
  }
});

Deno.test("an idle browser is shut down after browser_idle_minutes and started again on the next use", async () => {
  const rig = await startBrowserRig({ limits: { idleMs: 5 * 60_000 } });
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const [first] = started(rig.events);
    assert(processesMatching(first.userDataDirectory).length > 0, "no Chromium process found");
    // Exactly one idle timer is waiting, for the configured time.
    assertEquals([...rig.timers.pending.values()].map((timer) => timer.ms), [5 * 60_000]);

    rig.timers.fireAll();
    assertEquals(await waitForNoProcesses(first.userDataDirectory), []);
    await waitFor(() => rig.events.some((event) => event.type === "stopped"));
    assertEquals(rig.events.at(-1), { type: "stopped", sessionId: "session-1", reason: "idle" });
    assertEquals(rig.tools.pool.running(), []);
    let profileLeft = true;
    await Deno.stat(first.userDataDirectory).catch(() => profileLeft = false);
    assertEquals(profileLeft, false);

    const extract = await rig.call("browser_extract", {});
    assert(extract.output.startsWith("No page is open"), extract.output);
    const again = await rig.call("browser_navigate", { url: `${rig.server.origin}/second` });
    assertEquals(again.isError, false, again.output);
    assertEquals(started(rig.events).length, 2);
  } finally {
    await rig.close();
  }
});

Deno.test("a crashed browser is replaced on the next call", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const [first] = started(rig.events);
    const processes = processesMatching(first.userDataDirectory);
    // The browser process itself: the one whose parent is not one of them.
    const root = processes.find((pid) => !processes.includes(parentOf(pid)))!;
    Deno.kill(root, "SIGKILL");
    await waitFor(() => rig.events.some((event) => event.type === "stopped" && event.reason === "broken"));
    const again = await rig.call("browser_navigate", { url: `${rig.server.origin}/second` });
    assertEquals(again.isError, false, again.output);
    assertEquals(started(rig.events).length, 2);
  } finally {
    await rig.close();
  }
});

Deno.test("use restarts the idle clock: a timer never fires while a call is running", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` });
    const firstTimer = [...rig.timers.pending.keys()];
    await rig.call("browser_extract", {});
    const secondTimer = [...rig.timers.pending.keys()];
    assertEquals(firstTimer.length, 1);
    assertEquals(secondTimer.length, 1);
    assert(firstTimer[0] !== secondTimer[0], "the idle timer was not restarted");
  } finally {
    await rig.close();
  }
});

Deno.test("each session has its own browser; shutdown stops them all and refuses later calls", async () => {
  const rig = await startBrowserRig();
  try {
    await rig.call("browser_navigate", { url: `${rig.server.origin}/` }, "a");
    await rig.call("browser_navigate", { url: `${rig.server.origin}/second` }, "b");
    const [a, b] = started(rig.events);
    assert(a.userDataDirectory !== b.userDataDirectory);
    assertEquals(rig.tools.pool.running().sort(), ["a", "b"]);
    const pageOfA = await rig.call("browser_extract", {}, "a");
    assert(pageOfA.output.includes("The answer is 42."), pageOfA.output);

    await rig.tools.shutdown();
    assertEquals(processesMatching(a.userDataDirectory), []);
    assertEquals(processesMatching(b.userDataDirectory), []);
    assertEquals(rig.timers.pending.size, 0);
    const late = await rig.call("browser_navigate", { url: `${rig.server.origin}/` }, "a");
    assert(late.output.includes("the engine is stopping"), late.output);
  } finally {
    await rig.close();
  }
});

function parentOf(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("Condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
