/** WebSocket load benchmark: bench/ws_load_client.ts (a separate process, on its own CPU) as many clients on the
 * engine's /api/ws — ping/pong round trips, and message turns answered by an instant fake LLM — and, in the same
 * run, on a bare Deno WebSocket server doing the least the protocol needs (bench/bare_ws_server.ts). */
import {
  ENGINE_ENV,
  ENGINE_RUN_FLAGS,
  fixed,
  freePort,
  machineNote,
  MAIN,
  ratio,
  type SpawnedServer,
  spawnServer,
  startBenchLlm,
  writeEngineConfig,
} from "./bench_support.ts";
import {
  bottleneckNote,
  type GeneratorRun,
  SERVER_CPU,
  spawnBareWsServer,
  wsLoad,
  type WsOutcome,
  type WsPlan,
} from "./load_generators.ts";

const PING_CLIENTS = 32;
const PING_MS = 5_000;
const TURN_CLIENTS = 8;
const TURN_SESSIONS = 4;
const TURNS_PER_SESSION = 25;
const TURN_LIMIT_MS = 30_000;

function rate(run: GeneratorRun<WsOutcome>): number {
  return run.result.completed / run.result.seconds;
}

function line(
  name: string,
  unit: string,
  engine: GeneratorRun<WsOutcome>,
  bare: GeneratorRun<WsOutcome>,
): void {
  const describe = (run: GeneratorRun<WsOutcome>) =>
    `${fixed(rate(run), 0)} ${unit}/s (p50 ${fixed(run.result.p50Ms, 2)} ms, p99 ${
      fixed(run.result.p99Ms, 2)
    } ms` +
    `${run.result.failed ? `, ${run.result.failed} failed` : ""})`;
  console.log(
    `${name}: engine ${describe(engine)}, bare ${describe(bare)}, ratio ${ratio(rate(engine), rate(bare))}`,
  );
  const perCpu = (run: GeneratorRun<WsOutcome>) => run.result.completed / run.serverCpuSeconds;
  console.log(
    `  per server CPU second: engine ${fixed(perCpu(engine), 0)}, bare ${fixed(perCpu(bare), 0)}, ` +
      `ratio ${ratio(perCpu(engine), perCpu(bare))}`,
  );
  console.log(`  engine run: ${bottleneckNote(engine)}`);
  console.log(`  bare run:   ${bottleneckNote(bare)}`);
}

async function compare(engine: SpawnedServer, bare: SpawnedServer, plan: Omit<WsPlan, "url">) {
  const engineRun = await wsLoad({ ...plan, url: engine.url }, engine.pid);
  const bareRun = await wsLoad({ ...plan, url: bare.url }, bare.pid);
  return { engineRun, bareRun };
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-ws-bench-" });
  const llm = startBenchLlm(() => ({ text: "Hello" }));
  const running: SpawnedServer[] = [];
  try {
    console.log(machineNote());
    const configPath = await writeEngineConfig(dir, llm.url, { general: { rate_limit: 0 } });
    const enginePort = freePort();
    const engine = await spawnServer({
      args: [
        "run",
        ...ENGINE_RUN_FLAGS,
        MAIN,
        "engine",
        "--config",
        configPath,
        "--port",
        String(enginePort),
      ],
      port: enginePort,
      env: ENGINE_ENV,
      readyPath: "/api/status",
      cpus: SERVER_CPU,
    });
    running.push(engine);
    const bare = await spawnBareWsServer(llm.url);
    running.push(bare);

    console.log(
      `WebSocket load from bench/ws_load_client.ts (CPU 0) against each server (CPU 1); ping: ${PING_CLIENTS} ` +
        `clients, closed loop, ${PING_MS / 1000} s after 1 s warm-up`,
    );
    const ping = await compare(engine, bare, {
      mode: "ping",
      clients: PING_CLIENTS,
      durationMs: PING_MS,
      warmupMs: 1000,
    });
    line("ping -> pong", "round trips", ping.engineRun, ping.bareRun);

    console.log(
      `message turns, instant fake LLM ("Hello" in one chunk): ${TURN_CLIENTS} clients x ${TURN_SESSIONS} ` +
        `sessions x ${TURNS_PER_SESSION} turns; bare: one streamed LLM request relayed as llm_token + response_complete`,
    );
    const turnPlan = {
      mode: "turns" as const,
      clients: TURN_CLIENTS,
      durationMs: TURN_LIMIT_MS,
      sessionsPerClient: TURN_SESSIONS,
      turnsPerSession: TURNS_PER_SESSION,
    };
    // The first pass warms the engine's code paths; the second is measured.
    await compare(engine, bare, { ...turnPlan, sessionsPerClient: 1, turnsPerSession: 5 });
    const turns = await compare(engine, bare, turnPlan);
    line("turns", "turns", turns.engineRun, turns.bareRun);
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    await llm.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await main();
