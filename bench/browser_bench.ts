/** Browser tool benchmark in real Chromium against pages served on loopback: cold start, time per tool call and
 * memory of the browser processes, each beside a bare playwright baseline measured in the same run (same Chromium,
 * same flags, no proxy, no checks); then the idle shutdown, watched with real timers.
 * Run: deno run -A bench/browser_bench.ts */
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "../src/tools/browser/chromium_launcher.ts";
import { type BrowserEvent, createBrowserTools } from "../src/tools/browser/browser_tools.ts";
import type { AnyTool } from "../src/tools/types.ts";
import { startPageServer } from "../tests/support/page_server.ts";
import { processesMatching, residentBytes, waitForNoProcesses } from "../tests/support/chromium_processes.ts";
import { fixed, percentile, ratio } from "./bench_support.ts";

const COLD_RUNS = 3;
const CALLS = 30;
const IDLE_MS = 1_000;

const server = startPageServer();
const workspace = await Deno.makeTempDir({ prefix: "parapet-browser-bench-" });
const events: BrowserEvent[] = [];
const limits = { navTimeoutMs: 30_000, idleMs: 600_000, maxNavFailures: 1_000 };
const browserTools = createBrowserTools({
  workspace,
  home: workspace,
  limits: () => limits,
  allowHosts: ["localhost"],
  onEvent: (event) => events.push(event),
});
const tools = new Map<string, AnyTool>(browserTools.tools.map((tool) => [tool.name, tool]));
const signal = new AbortController().signal;

async function call(name: string, args: Record<string, unknown>, sessionId = "bench"): Promise<number> {
  const started = performance.now();
  const result = await tools.get(name)!.execute(args, { sessionId, signal });
  if (result.isError) throw new Error(`${name} failed: ${result.output}`);
  return performance.now() - started;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (samples: number[]) => percentile(samples, 0.5);
const mb = (bytes: number) => fixed(bytes / 1024 / 1024, 1);

try {
  // Cold start: launch to a usable page. Baseline: playwright's launch alone; the tool adds its proxy.
  const coldBaseline: number[] = [];
  const coldTool: number[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const profile = await Deno.makeTempDir({ prefix: "parapet-bench-bare-" });
    const launchStarted = performance.now();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    coldBaseline.push(performance.now() - launchStarted);
    await context.close();
    await Deno.remove(profile, { recursive: true });
    await call("browser_navigate", { url: `${server.origin}/` }, `cold-${run}`);
    const started = events.filter((event) => event.type === "started").at(-1) as { startMs: number };
    coldTool.push(started.startMs);
    await browserTools.closeSession(`cold-${run}`);
  }
  console.log("browser cold start (launch to usable page, median of 3):");
  console.log(
    `  bare playwright ${fixed(median(coldBaseline), 0)} ms   browser tool ${
      fixed(median(coldTool), 0)
    } ms   ` +
      `${ratio(median(coldTool), median(coldBaseline))}`,
  );

  // Per call, warm browser: the tool (checks, proxy, untrusted wrapping) against the same action in bare playwright.
  const profile = await Deno.makeTempDir({ prefix: "parapet-bench-bare-" });
  const bare = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const page = bare.pages()[0];
  const bareTimes: Record<string, number[]> = { navigate: [], extract: [], type: [], click: [] };
  const toolTimes: Record<string, number[]> = { navigate: [], extract: [], type: [], click: [] };
  await call("browser_navigate", { url: `${server.origin}/` });
  for (let index = 0; index < CALLS; index++) {
    bareTimes.navigate.push(await timed(() => page.goto(`${server.origin}/form`, { waitUntil: "load" })));
    bareTimes.extract.push(await timed(() => page.locator("body").innerText()));
    bareTimes.type.push(await timed(() => page.locator("#q").fill("benchmark")));
    bareTimes.click.push(await timed(() => page.locator("#go").click()));
    toolTimes.navigate.push(await call("browser_navigate", { url: `${server.origin}/form` }));
    toolTimes.extract.push(await call("browser_extract", {}));
    toolTimes.type.push(await call("browser_type", { selector: "#q", text: "benchmark" }));
    toolTimes.click.push(await call("browser_click", { selector: "#go" }));
  }
  console.log(
    `time per call against a local page (median of ${CALLS}, warm browser; bare goto waits for load too):`,
  );
  const sequence = (times: Record<string, number[]>) =>
    times.navigate.map((_, index) => Object.values(times).reduce((sum, list) => sum + list[index], 0));
  for (const name of Object.keys(bareTimes)) {
    const base = median(bareTimes[name]);
    const tool = median(toolTimes[name]);
    console.log(
      `  browser_${name.padEnd(9)} bare ${fixed(base, 1).padStart(7)} ms   tool ${
        fixed(tool, 1).padStart(7)
      } ms   ` +
        `${ratio(tool, base)}   (tool p95 ${fixed(percentile(toolTimes[name], 0.95), 1)} ms)`,
    );
  }

  const bareSequence = median(sequence(bareTimes));
  const toolSequence = median(sequence(toolTimes));
  console.log(
    `  whole sequence    bare ${fixed(bareSequence, 1).padStart(7)} ms   tool ${
      fixed(toolSequence, 1).padStart(7)
    } ms   ` +
      `${ratio(toolSequence, bareSequence)}   (navigate, extract, type, click)`,
  );

  // Memory: resident set of every Chromium process of each browser, both showing the same page.
  await page.goto(`${server.origin}/`);
  await call("browser_navigate", { url: `${server.origin}/` });
  const toolStart = events.filter((event) => event.type === "started").at(-1) as {
    userDataDirectory: string;
  };
  const bareProcesses = processesMatching(profile);
  const toolProcesses = processesMatching(toolStart.userDataDirectory);
  const bareRss = residentBytes(bareProcesses);
  const toolRss = residentBytes(toolProcesses);
  console.log("browser memory (proportional resident set, PSS, of all Chromium processes of one browser):");
  console.log(
    `  bare playwright ${mb(bareRss)} MB in ${bareProcesses.length} processes   ` +
      `browser tool ${mb(toolRss)} MB in ${toolProcesses.length} processes   ${ratio(toolRss, bareRss)}`,
  );
  await bare.close();
  await Deno.remove(profile, { recursive: true });

  // Idle shutdown with real timers: the last call ends, the idle time passes, the processes are gone.
  limits.idleMs = IDLE_MS;
  await call("browser_extract", {});
  const idleFrom = performance.now();
  const left = await waitForNoProcesses(toolStart.userDataDirectory, IDLE_MS + 15_000);
  const gone = performance.now() - idleFrom;
  const idleStop = () => events.some((event) => event.type === "stopped" && event.reason === "idle");
  for (let wait = 0; wait < 100 && !idleStop(); wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stopped = idleStop();
  console.log(
    `idle shutdown (browser_idle_minutes scaled to ${IDLE_MS} ms): ` +
      (left.length === 0 && stopped
        ? `observed, every Chromium process gone ${fixed(gone, 0)} ms after the last call ` +
          `(${ratio(gone, IDLE_MS)} the idle time)`
        : `NOT observed: ${left.length} processes left`),
  );
  if (left.length > 0 || !stopped) Deno.exitCode = 1;
} finally {
  await browserTools.shutdown();
  await server.close();
  await Deno.remove(workspace, { recursive: true });
}
