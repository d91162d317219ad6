/** Web UI benchmark in real Chromium against the real engine and the fake LLM: cold-load time to the chat UI,
 * frame times while 5,000 tokens stream in, and a 1,000-message session; each figure is printed with a ratio
 * to a baseline measured in the same run. Run: deno run -A bench/ui_bench.ts */
import type { Page } from "playwright-core";
import { openBrowser } from "../tests/e2e/ui/_browser.ts";
import { type FakeLlm, startFakeLlm } from "../tests/support/fake_llm.ts";
import { startTestEngine, type TestEngine } from "../tests/support/engine_harness.ts";
import { WsClient } from "../tests/support/ws_client.ts";

const COLD_RUNS = 3;
const STREAM_TOKENS = 5000;
const BIG_SESSION_MESSAGES = 1000;
const SEED_BUDGET_MS = 25_000;

interface FrameStats {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

const fmt = (n: number) => n.toFixed(1);
const ratio = (value: number, base: number) => (base > 0 ? (value / base).toFixed(2) : "n/a");

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__frames = []; window.__recording = true;
    let last = performance.now();
    const tick = (now) => { if (!window.__recording) return; window.__frames.push(now - last); last = now; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
}

async function stopFrameRecorder(page: Page): Promise<FrameStats> {
  const frames = (await page.evaluate(
    "(() => { window.__recording = false; return window.__frames.slice(1); })()",
  )) as number[];
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
    count: frames.length,
  };
}

async function coldLoad(url: string, mark: string | null): Promise<number> {
  const browser = await openBrowser();
  try {
    await browser.page.goto(url);
    const expression = mark
      ? `performance.getEntriesByName(${JSON.stringify(mark)})[0]?.startTime ?? null`
      : `performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null`;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const value = await browser.page.evaluate(expression);
      if (typeof value === "number") return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No "${mark ?? "first-contentful-paint"}" entry on ${url}`);
  } finally {
    await browser.close();
  }
}

async function waitForTurnEnd(page: Page): Promise<void> {
  await page.waitForSelector(".composer .btn-stop", { state: "detached", timeout: 60_000 });
  await page.waitForSelector(".msg-assistant.is-streaming", { state: "detached", timeout: 60_000 });
}

async function createSession(url: string): Promise<string> {
  const response = await fetch(`${url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return ((await response.json()) as { id: string }).id;
}

/** Fills a session through real turns: tool-heavy turns add many messages at once, plain turns add two. */
async function seedSession(engine: TestEngine, llm: FakeLlm, sessionId: string): Promise<number> {
  const client = await WsClient.connect(engine.wsUrl, sessionId);
  const started = Date.now();
  let count = 0;
  try {
    for (let turn = 0; count < BIG_SESSION_MESSAGES && Date.now() - started < SEED_BUDGET_MS; turn++) {
      const toolTurn = turn % 12 === 0;
      if (toolTurn) {
        const calls = Array.from(
          { length: 10 },
          (_, i) => ({ name: "list_directory", arguments: { path: `dir${i}` } }),
        );
        llm.enqueue({ toolCalls: calls }, { toolCalls: calls }, { toolCalls: calls }, {
          text: `Checked folders in turn ${turn}.`,
        });
      } else {
        llm.enqueue({
          text: `Reply **${turn}** with a list:\n\n- one\n- two\n\n\`\`\`ts\nconst turn = ${turn};\n\`\`\``,
        });
      }
      const before = client.ofType("response_complete").length;
      client.send({ type: "message", session_id: sessionId, content: `Question number ${turn}` });
      await client.waitFor(
        "response_complete",
        () => client.ofType("response_complete").length > before,
        30_000,
      );
      count += toolTurn ? 1 + 3 * 11 + 1 : 2;
    }
  } finally {
    await client.close();
  }
  const stored = await (await fetch(`${engine.url}/api/sessions/${sessionId}/messages`)).json();
  return (stored as unknown[]).length;
}

async function openSessionTime(page: Page, sessionId: string, lastText: string): Promise<number> {
  await page.click('.sidebar-nav a[href="#/settings"]');
  await page.waitForSelector(".settings-grid, .settings-page");
  const started = performance.now();
  await page.click(`.session-item[data-session-id="${sessionId}"] a`);
  await page.waitForSelector(`.timeline-item >> text=${lastText}`, { timeout: 30_000 });
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))",
  );
  return performance.now() - started;
}

async function streamFrames(
  page: Page,
  llm: FakeLlm,
  tokens: number,
): Promise<{ stats: FrameStats; ms: number }> {
  llm.enqueue({
    text: Array.from({ length: tokens }, (_, i) => (i % 40 === 39 ? `w${i}\n\n` : `w${i} `)),
    chunkDelayMs: 1,
  });
  await startFrameRecorder(page);
  const started = performance.now();
  await page.fill("#composer-input", `Stream ${tokens} tokens`);
  await page.press("#composer-input", "Enter");
  // The turn starts only once the message is out (a new chat first creates its session over HTTP);
  // waiting for the end before that would measure nothing.
  await page.locator(".msg-user", { hasText: `Stream ${tokens} tokens` }).last().waitFor();
  await waitForTurnEnd(page);
  const lastToken = `w${tokens - 1}`;
  await page.locator(".msg-assistant", { hasText: lastToken }).last().waitFor();
  const ms = performance.now() - started;
  return { stats: await stopFrameRecorder(page), ms };
}

function frameLine(label: string, stats: FrameStats, idle: FrameStats): string {
  return `${label}: frame p50 ${fmt(stats.p50)} ms, p95 ${fmt(stats.p95)} ms, max ${
    fmt(stats.max)
  } ms (${stats.count} frames) · ` +
    `ratio to idle p50 ${ratio(stats.p50, idle.p50)}, p95 ${ratio(stats.p95, idle.p95)}, max ${
      ratio(stats.max, idle.max)
    }`;
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const staticServer = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () =>
      new Response(
        "<!doctype html><html><head><title>Baseline</title></head><body><p>Baseline page</p></body></html>",
        {
          headers: { "content-type": "text/html" },
        },
      ),
  );
  const llm = await startFakeLlm({ fallback: () => ({ text: "ok" }) });
  const engine = await startTestEngine({ llmUrl: llm.url });
  const browser = await openBrowser();
  try {
    const baseline: number[] = [];
    const app: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      baseline.push(await coldLoad(`http://127.0.0.1:${staticServer.addr.port}/`, null));
      app.push(await coldLoad(`${engine.url}/`, "parapet:chat-ready"));
    }
    console.log(
      `cold load to chat UI: ${
        fmt(median(app))
      } ms (median of ${COLD_RUNS}) · baseline static page first paint ` +
        `${fmt(median(baseline))} ms · ratio ${ratio(median(app), median(baseline))}`,
    );

    const page = browser.page;
    page.setDefaultTimeout(30_000);
    await page.goto(`${engine.url}/`);
    await page.waitForSelector('[data-connection="open"]');
    await startFrameRecorder(page);
    await page.waitForTimeout(2000);
    const idle = await stopFrameRecorder(page);
    console.log(
      `idle page baseline: frame p50 ${fmt(idle.p50)} ms, p95 ${fmt(idle.p95)} ms, max ${fmt(idle.max)} ms`,
    );

    const stream = await streamFrames(page, llm, STREAM_TOKENS);
    console.log(frameLine(`streaming ${STREAM_TOKENS} tokens (${fmt(stream.ms)} ms)`, stream.stats, idle));

    const small = await createSession(engine.url);
    const smallCount = await seedSessionSmall(engine, llm, small);
    const big = await createSession(engine.url);
    const bigCount = await seedSession(engine, llm, big);
    await page.reload();
    await page.waitForSelector('[data-connection="open"]');
    const bigLast = "Question number";
    const smallOpen = await openSessionTime(page, small, "Small session reply");
    const bigOpen = await openSessionTime(page, big, bigLast);
    console.log(
      `open ${bigCount}-message session: ${fmt(bigOpen)} ms · ${smallCount}-message session ${
        fmt(smallOpen)
      } ms · ` +
        `ratio ${ratio(bigOpen, smallOpen)}`,
    );
    const bigStream = await streamFrames(page, llm, 2000);
    console.log(
      frameLine(
        `streaming 2000 tokens into the ${bigCount}-message session (${fmt(bigStream.ms)} ms)`,
        bigStream.stats,
        idle,
      ),
    );
    console.log(`total bench time: ${fmt((performance.now() - benchStarted) / 1000)} s`);
  } finally {
    await browser.close();
    await engine.stop();
    await llm.close();
    await staticServer.shutdown();
  }
}

async function seedSessionSmall(engine: TestEngine, llm: FakeLlm, sessionId: string): Promise<number> {
  const client = await WsClient.connect(engine.wsUrl, sessionId);
  try {
    llm.enqueue({ text: "Small session reply" });
    client.send({ type: "message", session_id: sessionId, content: "Hello small session" });
    await client.waitFor("response_complete", () => true, 30_000);
  } finally {
    await client.close();
  }
  return 2;
}

await main();
