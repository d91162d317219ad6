/** Agent benchmark: engine overhead per tool call, added latency to the first streamed token, and turns per
 * second with an instant fake LLM, each against a baseline measured in the same run. The engine runs as a
 * subprocess (pinned to one CPU when taskset exists) with a sub-millisecond clock, so its event timestamps
 * can be compared precisely. */
import { DatabaseSync } from "node:sqlite";
import {
  type BenchLlm,
  fixed,
  freePort,
  type LlmReply,
  percentile,
  ratio,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  startBenchLlm,
  TurnClient,
  type TurnRecord,
  writeEngineConfig,
} from "./bench_support.ts";
import { ToolPipeline } from "../src/engine/tool_pipeline.ts";
import { EventBus } from "../src/engine/events.ts";
import { auditPort } from "../src/engine/audit_trail.ts";
import { openAuditLog } from "../src/security/audit/audit_log.ts";
import { openDatabase } from "../src/store/database.ts";
import { MetricsStore } from "../src/store/metrics_store.ts";
import { JsonLogger } from "../src/logger.ts";
import { systemClock } from "../src/clock.ts";
import { homeDirectory } from "../src/config/env.ts";
import { createStandaloneShield } from "../src/shield/mod.ts";
import { createFileTools } from "../src/tools/files.ts";
import { createToolRegistry } from "../src/tools/registry.ts";
import { parseToolArguments } from "../src/tools/validate_arguments.ts";
import type { AnyTool } from "../src/tools/types.ts";

const CALLS_PER_TURN = 20;
const OVERHEAD_TURNS = 16;
const LATENCY_TURNS = 200;
const THROUGHPUT_MS = 10_000;
const CONCURRENT_SESSIONS = 4;
/** Sessions are renewed after this many turns so history growth does not dominate turns/s. */
const TURNS_PER_SESSION = 50;
const ENGINE_CPU = "1";
const DIRECT_WARMUP = 300;
const DIRECT_CALLS = 3_000;

/** Runs the real engine (startEngine, as `main.ts engine` does) with a fractional-millisecond clock. */
const PRECISE_ENGINE = `import { startEngine } from "${REPO_ROOT}/src/app.ts";
const [configPath, port] = Deno.args;
const engine = await startEngine({ configPath, port: Number(port), clock: { now: () => performance.timeOrigin + performance.now() } });
console.log("Parapet is ready at " + engine.url);
const stop = () => void engine.stop(0);
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
Deno.exit(await engine.finished);
`;

interface Rig {
  llm: BenchLlm;
  engine: SpawnedServer;
  workspace: string;
  /** true: a user message is answered with CALLS_PER_TURN tool calls, then "done". */
  toolTurns: boolean;
}

async function startRig(workspace: string): Promise<Rig> {
  const rig = { toolTurns: true } as Rig;
  rig.llm = startBenchLlm((body) => reply(body, rig.toolTurns));
  const configPath = await writeEngineConfig(workspace, rig.llm.url, {
    general: { rate_limit: 0, verdict_ttl_seconds: 0 },
  });
  const script = `${workspace}/precise_engine.ts`;
  await Deno.writeTextFile(script, PRECISE_ENGINE);
  const port = freePort();
  rig.engine = await spawnServer({
    args: ["run", "-A", "--config", `${REPO_ROOT}/deno.json`, script, configPath, String(port)],
    port,
    readyPath: "/api/status",
    cpus: ENGINE_CPU,
  });
  rig.workspace = workspace;
  return rig;
}

function reply(body: { messages?: { role?: string }[] }, toolTurns: boolean): LlmReply {
  const last = body.messages?.at(-1)?.role;
  if (!toolTurns || last !== "user") return { text: toolTurns ? "done" : "Hello" };
  return {
    toolCalls: Array.from(
      { length: CALLS_PER_TURN },
      () => ({ name: "list_directory", arguments: { path: "." } }),
    ),
  };
}

interface CallTiming {
  actionId: string;
  span: number;
  /** Shield verdict event minus action_started: arguments, audit, Shield. */
  beforeVerdict: number;
  executed: boolean;
  roundedDuration: number;
}

function callTimings(turns: TurnRecord[]): CallTiming[] {
  const timings: CallTiming[] = [];
  for (const turn of turns) {
    const started = new Map<string, number>();
    const verdicts = new Map<string, { at: number; decision: string }>();
    for (const event of turn.events) {
      const id = event.data.action_id as string;
      if (event.type === "action_started") started.set(id, event.timestamp);
      if (event.type === "shield_verdict") {
        verdicts.set(id, { at: event.timestamp, decision: event.data.decision });
      }
      if (event.type !== "action_completed" || !started.has(id)) continue;
      const verdict = verdicts.get(id);
      timings.push({
        actionId: id,
        span: event.timestamp - started.get(id)!,
        beforeVerdict: verdict ? verdict.at - started.get(id)! : NaN,
        executed: verdict?.decision === "ALLOW",
        roundedDuration: event.data.duration_ms as number,
      });
    }
  }
  return timings;
}

/** Exact tool run times in completion order, from the engine's metrics table (read after it stopped). */
function exactDurations(workspace: string, sessionId: string): number[] {
  const db = new DatabaseSync(`${workspace}/.engine/engine.db`, { readOnly: true });
  try {
    const rows = db.prepare("SELECT duration_ms FROM tool_calls WHERE session_id = ? ORDER BY id").all(
      sessionId,
    );
    return rows.map((row) => Number((row as { duration_ms: number }).duration_ms));
  } finally {
    db.close();
  }
}

async function overheadTurns(
  rig: Rig,
): Promise<{ sessionId: string; timings: CallTiming[]; failed: number }> {
  rig.toolTurns = true;
  const client = await TurnClient.open(rig.engine.url);
  const turns: TurnRecord[] = [];
  for (let turn = 0; turn < OVERHEAD_TURNS; turn++) {
    turns.push(await client.turn(`List the workspace ${turn}`));
  }
  await client.close();
  return {
    sessionId: client.sessionId,
    timings: callTimings(turns),
    failed: turns.filter((turn) => turn.failed).length,
  };
}

function reportOverhead(timings: CallTiming[], durations: number[], failed: number): void {
  const executed = timings.filter((timing) => timing.executed);
  const exact = durations.length === executed.length;
  const overhead = executed.map((timing, index) =>
    timing.span - (exact ? durations[index] : timing.roundedDuration)
  );
  console.log(
    `tool-call overhead over WebSocket events (${executed.length} list_directory calls executed, ` +
      `${
        timings.length - executed.length
      } not allowed, ${failed} failed turns; ${CALLS_PER_TURN} calls a turn; ` +
      `tool time from ${exact ? "the metrics table (exact)" : "duration_ms (rounded: counts differ)"}):`,
  );
  console.log(
    `  overhead p50 ${fixed(percentile(overhead, 0.5))} ms, p99 ${fixed(percentile(overhead, 0.99))} ms ` +
      `(target p50 < 1 ms); tool run p50 ${fixed(percentile(durations, 0.5))} ms, ` +
      `overhead/tool ${ratio(percentile(overhead, 0.5), percentile(durations, 0.5))}`,
  );
  console.log(
    `  of which action_started -> shield_verdict p50 ${
      fixed(percentile(timings.map((t) => t.beforeVerdict), 0.5))
    } ms`,
  );
}

/** ToolPipeline.run called directly with the real file tools, Shield (default policy, heuristics), audit log,
 * metrics table and an event bus that serialises like the WebSocket hub; the tool's execute is timed apart. */
async function measureDirectPipeline(dir: string): Promise<void> {
  const workspace = await Deno.makeTempDir({ dir, prefix: "direct-" });
  const home = homeDirectory();
  const db = openDatabase(`${workspace}/engine.db`);
  const logger = new JsonLogger({ file: `${workspace}/engine.log`, stderr: false });
  const audit = await openAuditLog(`${workspace}/audit.jsonl`, { clock: systemClock });
  const shield = createStandaloneShield(workspace, home);
  const events = new EventBus();
  events.subscribe((event) => void JSON.stringify(event));
  const registry = createToolRegistry(createFileTools({ workspace, home, allowOutsideReads: true }), {
    disabledGroups: [],
  });
  const tool = registry.get("list_directory")!;
  let toolMs = 0;
  const timed: AnyTool = {
    ...tool,
    async execute(args, context) {
      const started = performance.now();
      try {
        return await tool.execute(args, context);
      } finally {
        toolMs = performance.now() - started;
      }
    },
  };
  const pipeline = new ToolPipeline({
    tools: { get: (name) => name === tool.name ? timed : registry.get(name) },
    parseArguments: parseToolArguments,
    shield,
    events,
    audit: auditPort(audit, logger),
    metrics: new MetricsStore(db, systemClock),
    logger,
    clock: systemClock,
    failClosed: true,
  });
  const context = {
    sessionId: "s_bench",
    otr: false,
    signal: new AbortController().signal,
    offered: new Set([tool.name]),
  };
  const call = { id: "call_0", name: tool.name, arguments: '{"path":"."}' };
  const overhead: number[] = [];
  let allowed = 0;
  for (let run = 0; run < DIRECT_WARMUP + DIRECT_CALLS; run++) {
    toolMs = NaN;
    const started = performance.now();
    const outcome = await pipeline.run(call, context);
    if (run >= DIRECT_WARMUP) overhead.push(performance.now() - started - (outcome.executed ? toolMs : 0));
    if (run >= DIRECT_WARMUP && outcome.executed) allowed++;
  }
  const bare = await timeRuns(DIRECT_CALLS, () => tool.execute({ path: "." }, context));
  const shieldOnly = await timeRuns(
    DIRECT_CALLS,
    () => shield.evaluate({ type: tool.name, payload: { path: "." }, sessionId: "s_bench" }),
  );
  await audit.close();
  db.close();
  console.log(
    `tool-call overhead in-process, ToolPipeline.run direct (${DIRECT_CALLS} list_directory calls, ` +
      `${allowed} executed): p50 ${fixed(percentile(overhead, 0.5))} ms, p99 ${
        fixed(percentile(overhead, 0.99))
      } ms ` +
      `(target p50 < 1 ms); bare execute p50 ${fixed(percentile(bare, 0.5))} ms, p99 ${
        fixed(percentile(bare, 0.99))
      } ms; ` +
      `overhead/bare p50 ${
        ratio(percentile(overhead, 0.5), percentile(bare, 0.5))
      }; of it Shield.evaluate alone p50 ` +
      `${fixed(percentile(shieldOnly, 0.5))} ms`,
  );
}

async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let run = 0; run < DIRECT_WARMUP; run++) await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function latencyTurns(rig: Rig): Promise<number[]> {
  rig.toolTurns = false;
  const added: number[] = [];
  let client = await TurnClient.open(rig.engine.url);
  for (let turn = 0; turn < LATENCY_TURNS; turn++) {
    if (turn > 0 && turn % TURNS_PER_SESSION === 0) {
      await client.close();
      client = await TurnClient.open(rig.engine.url);
    }
    const index = rig.llm.firstChunkAt.length;
    const record = await client.turn(`Say hello ${turn}`);
    if (record.firstTokenAt !== undefined && index < rig.llm.firstChunkAt.length) {
      added.push(record.firstTokenAt - rig.llm.firstChunkAt[index]);
    }
  }
  await client.close();
  return added;
}

/** Baseline: the same SSE server read directly with fetch; time from chunk written to chunk read. */
async function directFirstChunk(llm: BenchLlm, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const index = llm.firstChunkAt.length;
    const response = await fetch(`${llm.url}/chat/completions`, { method: "POST", body: chatBody(run) });
    const reader = response.body!.getReader();
    await reader.read();
    samples.push(performance.timeOrigin + performance.now() - llm.firstChunkAt[index]);
    while (!(await reader.read()).done) { /* drain */ }
  }
  return samples;
}

function chatBody(n: number): string {
  return JSON.stringify({
    model: "fake-model",
    stream: true,
    messages: [{ role: "system", content: "You are a bench." }, { role: "user", content: `Say hello ${n}` }],
  });
}

/** Completed turns per second over THROUGHPUT_MS with `sessions` clients running turns back to back. */
async function turnRate(rig: Rig, sessions: number): Promise<{ rate: number; failed: number }> {
  rig.toolTurns = false;
  const end = performance.now() + THROUGHPUT_MS;
  let completed = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: sessions }, async () => {
    let client = await TurnClient.open(rig.engine.url);
    for (let turn = 1; performance.now() < end; turn++) {
      const record = await client.turn(`Say hello ${turn}`);
      if (performance.now() <= end) record.failed ? failed++ : completed++;
      if (turn % TURNS_PER_SESSION === 0) {
        await client.close();
        client = await TurnClient.open(rig.engine.url);
      }
    }
    await client.close();
  }));
  return { rate: completed / (THROUGHPUT_MS / 1000), failed };
}

/** Baseline: raw streamed requests per second to the same fake LLM with fetch from this process. */
async function rawLlmRate(llm: BenchLlm, concurrency: number): Promise<number> {
  const end = performance.now() + 3_000;
  let done = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const response = await fetch(`${llm.url}/chat/completions`, { method: "POST", body: chatBody(done) });
      await response.text();
      done++;
    }
  }));
  return done / 3;
}

async function main(): Promise<void> {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-agent-bench-" });
  let rig: Rig | undefined;
  try {
    rig = await startRig(workspace);
    console.log(
      `engine subprocess ready in ${
        fixed(rig.engine.readyMs, 0)
      } ms (pinned to CPU ${ENGINE_CPU} when taskset exists)`,
    );

    const overhead = await overheadTurns(rig);
    const latency = await latencyTurns(rig);
    const direct = await directFirstChunk(rig.llm, LATENCY_TURNS);
    const sequential = await turnRate(rig, 1);
    const concurrent = await turnRate(rig, CONCURRENT_SESSIONS);
    const rawSequential = await rawLlmRate(rig.llm, 1);
    const rawConcurrent = await rawLlmRate(rig.llm, CONCURRENT_SESSIONS);
    await rig.engine.stop();

    reportOverhead(overhead.timings, exactDurations(workspace, overhead.sessionId), overhead.failed);
    await measureDirectPipeline(workspace);
    console.log(
      `first chunk -> first llm_token at the client (${latency.length} turns): p50 ${
        fixed(percentile(latency, 0.5))
      } ms, ` +
        `p99 ${
          fixed(percentile(latency, 0.99))
        } ms (target p99 < 5 ms); baseline fetch of the same SSE server: ` +
        `p50 ${fixed(percentile(direct, 0.5))} ms, p99 ${fixed(percentile(direct, 0.99))} ms; ` +
        `ratio p99 ${ratio(percentile(latency, 0.99), percentile(direct, 0.99))}`,
    );
    console.log(
      `turns/s, text-only 1-chunk replies, ${
        THROUGHPUT_MS / 1000
      } s, new session every ${TURNS_PER_SESSION} turns:`,
    );
    console.log(
      `  1 session: ${fixed(sequential.rate, 1)} turns/s (${sequential.failed} failed); raw fake-LLM fetch ` +
        `${fixed(rawSequential, 1)} req/s; ratio ${ratio(sequential.rate, rawSequential)}`,
    );
    console.log(
      `  ${CONCURRENT_SESSIONS} sessions: ${
        fixed(concurrent.rate, 1)
      } turns/s (${concurrent.failed} failed); raw ` +
        `fake-LLM fetch x${CONCURRENT_SESSIONS} ${fixed(rawConcurrent, 1)} req/s; ratio ${
          ratio(concurrent.rate, rawConcurrent)
        }`,
    );
  } finally {
    await rig?.engine.stop();
    await rig?.llm.close();
    await Deno.remove(workspace, { recursive: true }).catch(() => {});
  }
}

await main();
