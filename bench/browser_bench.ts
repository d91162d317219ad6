/** Browser tool benchmark in real Chromium against pages served on loopback: cold start, time per tool call and
 * memory of the browser processes, each beside a bare playwright baseline measured in the same run (same Chromium,
 * same flags, no proxy, no checks); then the idle shutdown, watched with real timers.
 * Run: deno run -A bench/browser_bench.ts */
import { type BrowserContext, chromium } from "playwright-core";
import { chromiumFlags } from "../src/tools/browser/chromium_launcher.ts";
import { type BrowserEvent, createBrowserTools } from "../src/tools/browser/browser_tools.ts";
import type { AnyTool } from "../src/tools/types.ts";
import { type PageServer, startPageServer } from "../tests/support/page_server.ts";
import { processesMatching, residentBytes, waitForNoProcesses } from "../tests/support/chromium_processes.ts";
import { fixed, percentile, ratio } from "./bench_support.ts";

const COLD_RUNS = 3;
const CALLS = 30;
const IDLE_MS = 1_000;

const median = (samples: number[]) => percentile(samples, 0.5);
const mb = (bytes: number) => fixed(bytes / 1024 / 1024, 1);

/** The browser tools under test, called as the pipeline calls them. */
class Subject {
  events: BrowserEvent[] = [];
  limits = { navTimeoutMs: 30_000, idleMs: 600_000, maxNavFailures: 1_000 };
  browser;
  #tools: Map<string, AnyTool>;
  #signal = new AbortController().signal;

  constructor(workspace: string) {
    this.browser = createBrowserTools({
      workspace,
      home: workspace,
      limits: () => this.limits,
      allowHosts: ["localhost"],
      onEvent: (event) => this.events.push(event),
    });
    this.#tools = new Map(this.browser.tools.map((tool) => [tool.name, tool]));
  }

  /** Milliseconds the call took; a tool error stops the bench. */
  async call(name: string, args: Record<string, unknown>, sessionId = "bench"): Promise<number> {
    const started = performance.now();
    const result = await this.#tools.get(name)!.execute(args, { sessionId, signal: this.#signal });
    if (result.isError) throw new Error(`${name} failed: ${result.output}`);
    return performance.now() - started;
  }

  lastStart(): Extract<BrowserEvent, { type: "started" }> {
    return this.events.filter((event) => event.type === "started").at(-1) as Extract<
      BrowserEvent,
      { type: "started" }
    >;
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function launchBare(profile: string): Promise<BrowserContext> {
  return await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: chromiumFlags(Deno.uid()),
  });
}

/** Launch to a usable page. Baseline: playwright's launch alone; the tool adds its proxy. */
async function coldStart(subject: Subject, server: PageServer): Promise<void> {
  const bare: number[] = [];
  const tool: number[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const profile = await Deno.makeTempDir({ prefix: "parapet-bench-bare-" });
    let context: BrowserContext | undefined;
    bare.push(await timed(async () => context = await launchBare(profile)));
    await context?.close();
    await Deno.remove(profile, { recursive: true });
    await subject.call("browser_navigate", { url: `${server.origin}/` }, `cold-${run}`);
    tool.push(subject.lastStart().startMs);
    await subject.browser.closeSession(`cold-${run}`);
  }
  console.log(`browser cold start (launch to usable page, median of ${COLD_RUNS}):`);
  console.log(
    `  bare playwright ${fixed(median(bare), 0)} ms   browser tool ${fixed(median(tool), 0)} ms   ` +
      ratio(median(tool), median(bare)),
  );
}

/** Each tool against the same action in bare playwright, warm browsers, alternating. */
async function perCall(subject: Subject, server: PageServer, page: BrowserContext): Promise<void> {
  const bare = page.pages()[0];
  const names = ["navigate", "extract", "type", "click"];
  const bareTimes: number[][] = names.map(() => []);
  const toolTimes: number[][] = names.map(() => []);
  await subject.call("browser_navigate", { url: `${server.origin}/` });
  for (let index = 0; index < CALLS; index++) {
    const bareSteps = [
      () => bare.goto(`${server.origin}/form`, { waitUntil: "load" }),
      () => bare.locator("body").innerText(),
      () => bare.locator("#q").fill("benchmark"),
      () => bare.locator("#go").click(),
    ];
    for (const [step, run] of bareSteps.entries()) bareTimes[step].push(await timed(run));
    toolTimes[0].push(await subject.call("browser_navigate", { url: `${server.origin}/form` }));
    toolTimes[1].push(await subject.call("browser_extract", {}));
    toolTimes[2].push(await subject.call("browser_type", { selector: "#q", text: "benchmark" }));
    toolTimes[3].push(await subject.call("browser_click", { selector: "#go" }));
  }
  console.log(
    `time per call against a local page (median of ${CALLS}, warm browser; bare goto waits for load too):`,
  );
  for (const [step, name] of names.entries()) {
    const base = median(bareTimes[step]);
    const tool = median(toolTimes[step]);
    console.log(
      `  browser_${name.padEnd(9)} bare ${fixed(base, 1).padStart(7)} ms   tool ${
        fixed(tool, 1).padStart(7)
      } ms   ` +
        `${ratio(tool, base)}   (tool p95 ${fixed(percentile(toolTimes[step], 0.95), 1)} ms)`,
    );
  }
  const sequence = (times: number[][]) =>
    times[0].map((_, index) => times.reduce((sum, list) => sum + list[index], 0));
  const bareSequence = median(sequence(bareTimes));
  const toolSequence = median(sequence(toolTimes));
  console.log(
    `  whole sequence    bare ${fixed(bareSequence, 1).padStart(7)} ms   tool ${
      fixed(toolSequence, 1).padStart(7)
    } ms   ` +
      `${ratio(toolSequence, bareSequence)}   (navigate, extract, type, click)`,
  );
}

/** Proportional resident memory of every Chromium process of each browser, both showing the same page. */
async function memory(subject: Subject, server: PageServer, bare: BrowserContext, profile: string) {
  await bare.pages()[0].goto(`${server.origin}/`);
  await subject.call("browser_navigate", { url: `${server.origin}/` });
  const bareProcesses = processesMatching(profile);
  const toolProcesses = processesMatching(subject.lastStart().userDataDirectory);
  const bareBytes = residentBytes(bareProcesses);
  const toolBytes = residentBytes(toolProcesses);
  console.log("browser memory (proportional resident set, PSS, of all Chromium processes of one browser):");
  console.log(
    `  bare playwright ${mb(bareBytes)} MB in ${bareProcesses.length} processes   ` +
      `browser tool ${mb(toolBytes)} MB in ${toolProcesses.length} processes   ${
        ratio(toolBytes, bareBytes)
      }`,
  );
}

/** With real timers: the last call ends, the idle time passes, every process is gone. False when not seen. */
async function idleShutdown(subject: Subject): Promise<boolean> {
  subject.limits.idleMs = IDLE_MS;
  await subject.call("browser_extract", {});
  const profile = subject.lastStart().userDataDirectory;
  const idleFrom = performance.now();
  const left = await waitForNoProcesses(profile, IDLE_MS + 15_000);
  const gone = performance.now() - idleFrom;
  const idleStop = () => subject.events.some((event) => event.type === "stopped" && event.reason === "idle");
  for (let wait = 0; wait < 100 && !idleStop(); wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const observed = left.length === 0 && idleStop();
  console.log(
    `idle shutdown (browser_idle_minutes scaled to ${IDLE_MS} ms): ` +
      (observed
        ? `observed, every Chromium process gone ${fixed(gone, 0)} ms after the last call ` +
          `(${ratio(gone, IDLE_MS)} the idle time)`
        : `NOT observed: ${left.length} processes left`),
  );
  return observed;
}

const server = startPageServer();
const workspace = await Deno.makeTempDir({ prefix: "parapet-browser-bench-" });
const subject = new Subject(workspace);
const profile = await Deno.makeTempDir({ prefix: "parapet-bench-bare-" });
let bare: BrowserContext | undefined;
try {
  await coldStart(subject, server);
  bare = await launchBare(profile);
  await perCall(subject, server, bare);
  await memory(subject, server, bare, profile);
  await bare.close();
  if (!(await idleShutdown(subject))) Deno.exitCode = 1;
} finally {
  await bare?.close();
  await subject.browser.shutdown();
  await server.close();
  await Deno.remove(workspace, { recursive: true });
  await Deno.remove(profile, { recursive: true });
}
