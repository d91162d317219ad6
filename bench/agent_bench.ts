/** Agent benchmark: engine overhead per tool call, added latency to the first streamed token, and turns per
 * second with an instant fake LLM, each against a baseline measured in the same run. The engine runs as a
 * subprocess (pinned to one CPU when taskset exists) with a sub-millisecond clock, so its event timestamps
 * can be compared precisely with this process's. */
import { DatabaseSync } from "node:sqlite";
import {
  type BenchLlm,
  fixed,
  freePort,
  type LlmReply,
  machineNote,
  p50p99,
  percentile,
  preciseNow,
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
import { auditPort } from "../src/app/audit_trail.ts";
import { openAuditLog } from "../src/audit/audit_log.ts";
import { openDatabase } from "../src/store/database.ts";
import { MetricsStore } from "../src/store/metrics_store.ts";
import { JsonLogger } from "../src/log/logger.ts";
import { systemClock } from "../src/lib/clock.ts";
import { homeDirectory } from "../src/config/env.ts";
import { createStandaloneShield } from "../src/shield/mod.ts";
import { createFileTools } from "../src/tools/files.ts";
import { createToolRegistry } from "../src/tools/registry.ts";
import { parseToolArguments } from "../src/tools/validate_arguments.ts";
import type { AnyTool } from "../src/tools/types.ts";

const CALLS_PER_TURN = 20;
const OVERHEAD_TURNS = 16;
const DIRECT_WARMUP = 300;
const DIRECT_CALLS = 3_000;
const LATENCY_TURNS = 200;
/** The first chunk waits this long after the headers, so only its own path is timed. */
const FIRST_CHUNK_DELAY_MS = 2;
const THROUGHPUT_MS = 10_000;
const RAW_MS = 3_000;
const CONCURRENT_SESSIONS = 4;
/** Sessions are renewed after this many turns so history growth does not dominate turns/s. */
const TURNS_PER_SESSION = 50;
const ENGINE_CPU = "1";

/** Runs the real engine (startEngine, as `main.ts engine` does) with a fractional-millisecond clock. */
const PRECISE_ENGINE = `import { startEngine } from "${REPO_ROOT}/src/app/start.ts";
const [configPath, port] = Deno.args;
const clock = { now: () => performance.timeOrigin + performance.now() };
const engine = await startEngine({ configPath, port: Number(port), clock });
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
  const rig = { toolTurns: true, workspace } as Rig;
  rig.llm = startBenchLlm((body) => reply(body, rig.toolTurns));
  // No rate limit and no verdict cache: every call is judged in full.
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
  return rig;
}

function reply(body: { messages?: { role?: string }[] }, toolTurns: boolean): LlmReply {
  if (!toolTurns) return { text: "Hello" };
  if (body.messages?.at(-1)?.role !== "user") return { text: "done" };
  const call = { name: "list_directory", arguments: { path: "." } };
  return { toolCalls: Array.from({ length: CALLS_PER_TURN }, () => call) };
}

interface CallTiming {
  /** action_completed minus action_started. */
  span: number;
  /** shield_verdict minus action_started: argument checks, audit, Shield. */
  beforeVerdict: number;
  executed: boolean;
  roundedDuration: number;
}

function callTimings(turns: TurnRecord[]): CallTiming[] {
  const timings: CallTiming[] = [];
  const started = new Map<string, number>();
  const verdicts = new Map<string, { at: number; decision: string }>();
  for (const event of turns.flatMap((turn) => turn.events)) {
    const id = event.data.action_id as string;
    if (event.type === "action_started") started.set(id, event.timestamp);
    if (event.type === "shield_verdict") {
      verdicts.set(id, { at: event.timestamp, decision: event.data.decision });
    }
    if (event.type !== "action_completed" || !started.has(id)) continue;
    const verdict = verdicts.get(id);
    timings.push({
      span: event.timestamp - started.get(id)!,
      beforeVerdict: verdict ? verdict.at - started.get(id)! : NaN,
      executed: verdict?.decision === "ALLOW",
      roundedDuration: Number(event.data.duration_ms),
    });
  }
  return timings;
}

/** Exact tool run times of a session in completion order, from the engine's metrics table. */
function exactDurations(workspace: string, sessionId: string): number[] {
  try {
    const db = new DatabaseSync(`${workspace}/.engine/engine.db`, { readOnly: true });
    try {
      const query = db.prepare("SELECT duration_ms FROM tool_calls WHERE session_id = ? ORDER BY id");
      return query.all(sessionId).map((row) => Number(row.duration_ms));
    } finally {
      db.close();
    }
  } catch {
    return [];
  }
}

/** Real turns of CALLS_PER_TURN list_directory calls; overhead = event span minus the tool's own time. */
async function measureEventOverhead(rig: Rig): Promise<void> {
  rig.toolTurns = true;
  const client = await TurnClient.open(rig.engine.url);
  const turns: TurnRecord[] = [];
  for (let turn = 0; turn < OVERHEAD_TURNS; turn++) {
    turns.push(await client.turn(`List the workspace ${turn}`));
  }
  await client.close();
  const timings = callTimings(turns);
  const executed = timings.filter((timing) => timing.executed);
  const durations = exactDurations(rig.workspace, client.sessionId);
  const exact = durations.length === executed.length;
  const toolTimes = exact ? durations : executed.map((timing) => timing.roundedDuration);
  const overhead = executed.map((timing, index) => timing.span - toolTimes[index]);
  const failed = turns.filter((turn) => turn.failed).length;
  console.log(
    `tool-call overhead, real turns over WebSocket (${executed.length} list_directory calls executed, ` +
      `${
        timings.length - executed.length
      } not allowed, ${failed} failed turns, ${CALLS_PER_TURN} calls a turn; ` +
      `tool time ${exact ? "exact, from the metrics table" : "from rounded duration_ms: counts differ"}):`,
  );
  console.log(
    `  overhead ${p50p99(overhead)} (target p50 < 1 ms); baseline tool run ${p50p99(toolTimes)}; ` +
      `overhead/tool p50 ${ratio(percentile(overhead, 0.5), percentile(toolTimes, 0.5))}`,
  );
  console.log(`  of which action_started -> shield_verdict ${p50p99(timings.map((t) => t.beforeVerdict))}`);
  console.log(`  engine verdicts (shows which Shield is wired): ${verdictSummary(turns)}`);
}

function verdictSummary(turns: TurnRecord[]): string {
  const counts = new Map<string, number>();
  for (const event of turns.flatMap((turn) => turn.events)) {
    if (event.type !== "shield_verdict") continue;
    const key = `${event.data.decision} tier ${event.data.tier} "${String(event.data.reason).slice(0, 60)}"`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count} x ${key}`).join("; ") || "none";
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
  let toolMs = NaN;
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
  let executed = 0;
  for (let run = 0; run < DIRECT_WARMUP + DIRECT_CALLS; run++) {
    const started = performance.now();
    const outcome = await pipeline.run(call, context);
    if (run < DIRECT_WARMUP) continue;
    overhead.push(performance.now() - started - (outcome.executed ? toolMs : 0));
    if (outcome.executed) executed++;
  }
  const bare = await timeRuns(() => tool.execute({ path: "." }, context));
  const shieldOnly = await timeRuns(() =>
    shield.evaluate({ type: tool.name, payload: { path: "." }, sessionId: "s_bench" })
  );
  await audit.close();
  db.close();
  console.log(
    `tool-call overhead in-process, ToolPipeline.run direct (${DIRECT_CALLS} list_directory calls, ${executed} ` +
      `executed): ${p50p99(overhead)} (target p50 < 1 ms); baseline bare execute ${p50p99(bare)}; ` +
      `overhead/bare p50 ${ratio(percentile(overhead, 0.5), percentile(bare, 0.5))}`,
  );
  console.log(`  of which Shield.evaluate alone ${p50p99(shieldOnly)}`);
}

async function timeRuns(work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < DIRECT_WARMUP + DIRECT_CALLS; run++) {
    const started = performance.now();
    await work();
    if (run >= DIRECT_WARMUP) samples.push(performance.now() - started);
  }
  return samples;
}

/** Fake LLM's first chunk written -> first llm_token frame read here; also when the engine emitted it. */
async function measureFirstToken(rig: Rig): Promise<void> {
  rig.toolTurns = false;
  rig.llm.firstChunkDelayMs = FIRST_CHUNK_DELAY_MS;
  const atClient: number[] = [];
  const atEngine: number[] = [];
  let client = await TurnClient.open(rig.engine.url);
  for (let turn = 0; turn < LATENCY_TURNS; turn++) {
    if (turn > 0 && turn % TURNS_PER_SESSION === 0) {
      await client.close();
      client = await TurnClient.open(rig.engine.url);
    }
    const index = rig.llm.firstChunkAt.length;
    const record = await client.turn(`Say hello ${turn}`);
    const written = rig.llm.firstChunkAt[index];
    const token = record.events.find((event) => event.type === "llm_token");
    if (record.firstTokenAt === undefined || written === undefined || !token) continue;
    atClient.push(record.firstTokenAt - written);
    atEngine.push(token.timestamp - written);
  }
  await client.close();
  const direct = await directFirstChunk(rig.llm);
  rig.llm.firstChunkDelayMs = 0;
  console.log(
    `first chunk -> first llm_token at the client (${atClient.length} turns, chunk sent ` +
      `${FIRST_CHUNK_DELAY_MS} ms after the headers): ${p50p99(atClient)} ` +
      `(target p99 < 5 ms); baseline fetch of the same SSE server ${p50p99(direct)}; ` +
      `ratio p50 ${ratio(percentile(atClient, 0.5), percentile(direct, 0.5))}, ` +
      `p99 ${ratio(percentile(atClient, 0.99), percentile(direct, 0.99))}`,
  );
  console.log(`  of which chunk written -> engine emits llm_token (event timestamp) ${p50p99(atEngine)}`);
}

/** Baseline: the same SSE server read directly with fetch; time from chunk written to chunk read. */
async function directFirstChunk(llm: BenchLlm): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < LATENCY_TURNS; run++) {
    const index = llm.firstChunkAt.length;
    const response = await fetch(`${llm.url}/chat/completions`, { method: "POST", body: chatBody(run) });
    const reader = response.body!.getReader();
    await reader.read();
    samples.push(preciseNow() - llm.firstChunkAt[index]);
    while (!(await reader.read()).done) {
      // drain the rest of the reply
    }
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
  const end = performance.now() + RAW_MS;
  let done = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const response = await fetch(`${llm.url}/chat/completions`, { method: "POST", body: chatBody(done) });
      await response.text();
      done++;
    }
  }));
  return done / (RAW_MS / 1000);
}

async function measureTurnRates(rig: Rig): Promise<void> {
  console.log(
    `turns/s, text-only 1-chunk replies, ${THROUGHPUT_MS / 1000} s each, new session every ` +
      `${TURNS_PER_SESSION} turns; baseline: raw streamed requests/s to the fake LLM with fetch:`,
  );
  for (const sessions of [1, CONCURRENT_SESSIONS]) {
    const turns = await turnRate(rig, sessions);
    const raw = await rawLlmRate(rig.llm, sessions);
    console.log(
      `  ${sessions} session${sessions > 1 ? "s" : ""}: ${
        fixed(turns.rate, 1)
      } turns/s (${turns.failed} failed), ` +
        `raw ${fixed(raw, 1)} req/s, ratio ${ratio(turns.rate, raw)}`,
    );
  }
}

async function main(): Promise<void> {
  const workspace = await Deno.makeTempDir({ prefix: "parapet-agent-bench-" });
  let rig: Rig | undefined;
  try {
    console.log(machineNote());
    rig = await startRig(workspace);
    console.log(
      `engine subprocess (startEngine with a sub-ms clock) ready in ${fixed(rig.engine.readyMs, 0)} ms, ` +
        `pinned to CPU ${ENGINE_CPU} when taskset exists`,
    );
    await measureEventOverhead(rig);
    await measureDirectPipeline(workspace);
    await measureFirstToken(rig);
    await measureTurnRates(rig);
  } finally {
    await rig?.engine.stop();
    await rig?.llm.close();
    await Deno.remove(workspace, { recursive: true }).catch(() => {});
  }
}

await main();
