/** Audit anchor benchmark: durable appends per second with the head anchored (and signed) in engine.db,
 * against the same log unanchored; and a fail-closed tool call waiting for its entries, against one that
 * does not wait. Every figure is a ratio to a baseline measured in this run. */
import { z } from "zod";
import { openAuditLog } from "../src/audit/audit_log.ts";
import type { AnchorOptions } from "../src/audit/_anchor_keeper.ts";
import { openDatabase } from "../src/store/database.ts";
import { SqliteAnchorStore } from "../src/audit/anchor_store.ts";
import { systemClock } from "../src/lib/clock.ts";
import { ToolPipeline } from "../src/engine/tool_pipeline.ts";
import { auditPort } from "../src/app/audit_trail.ts";
import { noMetrics } from "../src/engine/ports.ts";
import { JsonLogger } from "../src/log/logger.ts";
import { parseToolArguments } from "../src/tools/validate_arguments.ts";
import type { AnyTool } from "../src/tools/types.ts";
import { percentile, ratio } from "./bench_support.ts";

const APPENDS = 50_000;
const PRODUCERS = 1_000;
const CALLS = 300;
const CONCURRENT = 50;
const KEY = new TextEncoder().encode("k".repeat(64));

const dir = await Deno.makeTempDir({ prefix: "parapet_anchor_bench_" });
let counter = 0;

/** A fresh folder with engine.db; `signed` adds the HMAC key. */
function anchorIn(signed: boolean): AnchorOptions {
  const folder = `${dir}/db${counter++}`;
  Deno.mkdirSync(folder);
  const db = openDatabase(`${folder}/engine.db`);
  return {
    store: new SqliteAnchorStore(db, `${folder}/engine.db`, systemClock),
    key: signed ? KEY : undefined,
  };
}

function input(i: number) {
  return {
    event: "executed",
    session_id: `sess_${i % 7}`,
    action_type: "write_file",
    details: { i, tier: 1 },
  };
}

async function burst(anchor?: AnchorOptions, count = APPENDS): Promise<number> {
  const log = await openAuditLog(`${dir}/burst${counter++}.jsonl`, { clock: systemClock, anchor });
  const start = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => log.append(input(i))));
  await log.close();
  return count / ((performance.now() - start) / 1000);
}

async function producers(fsyncIntervalMs: number, anchor?: AnchorOptions): Promise<number> {
  const log = await openAuditLog(`${dir}/prod${counter++}.jsonl`, {
    clock: systemClock,
    fsyncIntervalMs,
    anchor,
  });
  const start = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: PRODUCERS }, async () => {
    while (next < APPENDS) await log.append(input(next++));
  }));
  await log.close();
  return APPENDS / ((performance.now() - start) / 1000);
}

/** Per-call latency (ms) of sequential calls and calls/s of CONCURRENT callers through the real pipeline. */
async function pipelineRun(failClosed: boolean): Promise<{ latencies: number[]; perSecond: number }> {
  const log = await openAuditLog(`${dir}/pipe${counter++}.jsonl`, {
    clock: systemClock,
    anchor: anchorIn(true),
  });
  const tool: AnyTool = {
    name: "noop",
    group: "files",
    description: "does nothing",
    parameters: z.object({}),
    writes: false,
    execute: () => Promise.resolve({ output: "ok", isError: false }),
  };
  const logger = new JsonLogger({ stderr: false });
  const pipeline = new ToolPipeline({
    tools: { get: () => tool },
    parseArguments: parseToolArguments,
    shield: {
      evaluate: () =>
        Promise.resolve({ decision: "ALLOW", tier: 0, reason: "bench", confidence: 1, tier_results: [] }),
    },
    events: { emit: () => {} },
    audit: auditPort(log, logger),
    metrics: noMetrics,
    logger,
    clock: systemClock,
    failClosed,
  });
  const context = {
    sessionId: "s",
    otr: false,
    signal: new AbortController().signal,
    offered: new Set(["noop"]),
  };
  const call = { id: "c", name: "noop", arguments: "{}" };
  const latencies: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await pipeline.run(call, context);
    latencies.push(performance.now() - start);
  }
  const start = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: CONCURRENT }, async () => {
    while (done < CALLS * 4) (done++, await pipeline.run(call, context));
  }));
  const perSecond = done / ((performance.now() - start) / 1000);
  await log.close();
  return { latencies, perSecond };
}

try {
  // Warm-up (JIT, page cache), not measured.
  await burst(undefined, 5_000);
  await burst(anchorIn(true), 5_000);
  const plainBurst = await burst();
  const anchoredBurst = await burst(anchorIn(false));
  const signedBurst = await burst(anchorIn(true));
  console.log(
    `appends/s, ${APPENDS} issued at once: unanchored ${plainBurst.toFixed(0)}, anchored ${
      anchoredBurst.toFixed(0)
    } (${ratio(anchoredBurst, plainBurst)}), anchored+signed ${signedBurst.toFixed(0)} (${
      ratio(signedBurst, plainBurst)
    })`,
  );
  for (const spacing of [50, 0]) {
    const plain = await producers(spacing);
    const signed = await producers(spacing, anchorIn(true));
    console.log(
      `appends/s, ${PRODUCERS} producers awaiting each append, ${spacing} ms spacing: unanchored ${
        plain.toFixed(0)
      }, anchored+signed ${signed.toFixed(0)} (${ratio(signed, plain)})`,
    );
  }
  const open = await pipelineRun(false);
  const closed = await pipelineRun(true);
  const p50 = (samples: number[]) => percentile(samples, 0.5);
  console.log(
    `tool call through the pipeline, audit anchored+signed: fail-closed (waits for its entries) p50 ${
      p50(closed.latencies).toFixed(2)
    } ms p99 ${percentile(closed.latencies, 0.99).toFixed(2)} ms; baseline fail-open (does not wait) p50 ${
      p50(open.latencies).toFixed(2)
    } ms; ratio ${ratio(p50(closed.latencies), p50(open.latencies))}`,
  );
  console.log(
    `tool calls/s with ${CONCURRENT} concurrent callers: fail-closed ${closed.perSecond.toFixed(0)}, ` +
      `fail-open ${open.perSecond.toFixed(0)} (${ratio(closed.perSecond, open.perSecond)})`,
  );
  const load = await Deno.readTextFile("/proc/loadavg").catch(() => "unknown");
  console.log(
    `machine: ${navigator.hardwareConcurrency} cores, load average ${load.split(" ").slice(0, 3).join(" ")}`,
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
