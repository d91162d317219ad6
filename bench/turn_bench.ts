/** Engine time per turn with an instant model, measured engine-side: the engine runs with TurnRunner.run timed
 * and its model fetch timed, so a turn's own time is its duration minus the time spent waiting for the model;
 * its CPU time per turn comes from /proc. Turns come from bench/ws_load_client.ts (one client, one turn at a
 * time); the baseline is bench/bare_ws_server.ts relaying the same fake LLM, measured in the same run. */
import {
  ENGINE_ENV,
  ENGINE_RUN_FLAGS,
  fixed,
  freePort,
  machineNote,
  p50p99,
  percentile,
  ratio,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  startBenchLlm,
  writeEngineConfig,
} from "./bench_support.ts";
import { SERVER_CPU, spawnBareWsServer, wsLoad, type WsPlan } from "./load_generators.ts";

const SESSIONS = 6;
const TURNS_PER_SESSION = 50;
const WARMUP_TURNS = 40;

/** The real engine (startEngine, as `main.ts engine` runs it) with TurnRunner.run and the model fetch timed;
 * on SIGTERM it writes [turn ms, model ms] pairs to the samples file, then stops. */
const TIMED_ENGINE = `import { startEngine } from "${REPO_ROOT}/src/app/start.ts";
import { TurnRunner } from "${REPO_ROOT}/src/engine/turn_runner.ts";
const [configPath, port, samplesFile] = Deno.args;
const samples = [];
let modelMs = 0;
const timedFetch = async (input, init) => {
  const started = performance.now();
  try {
    return await fetch(input, init);
  } finally {
    modelMs += performance.now() - started;
  }
};
const run = TurnRunner.prototype.run;
TurnRunner.prototype.run = async function (...args) {
  modelMs = 0;
  const started = performance.now();
  try {
    return await run.apply(this, args);
  } finally {
    samples.push([performance.now() - started, modelMs]);
  }
};
const engine = await startEngine({ configPath, port: Number(port), fetch: timedFetch });
console.log("Parapet is ready at " + engine.url);
const stop = () => {
  Deno.writeTextFileSync(samplesFile, JSON.stringify(samples));
  void engine.stop(0);
};
Deno.addSignalListener("SIGTERM", stop);
Deno.exit(await engine.finished);
`;

interface Measured {
  turns: number;
  failed: number;
  cpuMsPerTurn: number;
  clientMs: number[];
}

async function drive(server: SpawnedServer, plan: Omit<WsPlan, "url">): Promise<Measured> {
  const run = await wsLoad({ ...plan, url: server.url }, server.pid);
  const turns = run.result.completed;
  return {
    turns,
    failed: run.result.failed,
    cpuMsPerTurn: (1000 * run.serverCpuSeconds) / turns,
    clientMs: [run.result.p50Ms, run.result.p99Ms],
  };
}

const PLAN = {
  mode: "turns" as const,
  clients: 1,
  durationMs: 120_000,
  sessionsPerClient: SESSIONS,
  turnsPerSession: TURNS_PER_SESSION,
};
const WARMUP = { ...PLAN, sessionsPerClient: 1, turnsPerSession: WARMUP_TURNS };

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-turn-bench-" });
  let toolTurns = false;
  const llm = startBenchLlm((body) => {
    if (!toolTurns || body.messages?.at(-1)?.role !== "user") return { text: "Hello" };
    return { toolCalls: [{ name: "list_directory", arguments: { path: "." } }] };
  });
  const running: SpawnedServer[] = [];
  try {
    console.log(machineNote());
    const configPath = await writeEngineConfig(dir, llm.url, {
      general: { rate_limit: 0, verdict_ttl_seconds: 0 },
    });
    const script = `${dir}/timed_engine.ts`;
    await Deno.writeTextFile(script, TIMED_ENGINE);
    const samplesFile = `${dir}/samples.json`;
    const port = freePort();
    const engine = await spawnServer({
      args: [
        "run",
        ...ENGINE_RUN_FLAGS,
        "--config",
        `${REPO_ROOT}/deno.json`,
        script,
        configPath,
        String(port),
        samplesFile,
      ],
      port,
      env: ENGINE_ENV,
      readyPath: "/api/status",
      cpus: SERVER_CPU,
    });
    running.push(engine);
    const bare = await spawnBareWsServer(llm.url);
    running.push(bare);

    await drive(engine, WARMUP);
    await drive(bare, WARMUP);
    const engineText = await drive(engine, PLAN);
    const bareText = await drive(bare, PLAN);
    toolTurns = true;
    const engineTool = await drive(engine, { ...PLAN, sessionsPerClient: 2 });
    running.splice(running.indexOf(engine), 1);
    await engine.stop();
    const samples = JSON.parse(await Deno.readTextFile(samplesFile)) as [number, number][];
    const own = samples.map(([turn, model]) => turn - model);
    const textOwn = own.slice(WARMUP_TURNS, WARMUP_TURNS + engineText.turns);
    const toolOwn = own.slice(WARMUP_TURNS + engineText.turns);

    console.log(
      `text turns, one session at a time (${engineText.turns} turns, ${engineText.failed} failed, new session ` +
        `every ${TURNS_PER_SESSION}), instant fake LLM, engine pinned to CPU ${SERVER_CPU}:`,
    );
    console.log(
      `  engine time per turn (TurnRunner.run minus the model's answer time): ${p50p99(textOwn)} ` +
        `(target p50 < 2 ms)`,
    );
    console.log(
      `  CPU per turn, whole process: engine ${fixed(engineText.cpuMsPerTurn)} ms, bare relay ` +
        `${fixed(bareText.cpuMsPerTurn)} ms, ratio ${ratio(engineText.cpuMsPerTurn, bareText.cpuMsPerTurn)}`,
    );
    console.log(
      `  at the client, message -> response_complete p50: engine ${
        fixed(engineText.clientMs[0])
      } ms, bare relay ` +
        `${fixed(bareText.clientMs[0])} ms, ratio ${ratio(engineText.clientMs[0], bareText.clientMs[0])}; ` +
        `p99 engine ${fixed(engineText.clientMs[1])} ms, bare ${fixed(bareText.clientMs[1])} ms`,
    );
    console.log(
      `turns with one tool round (list_directory, then "Hello"; ${engineTool.turns} turns): engine time per turn ` +
        `incl. the tool ${p50p99(toolOwn)}; CPU per turn ${fixed(engineTool.cpuMsPerTurn)} ms; client p50 ` +
        `${fixed(engineTool.clientMs[0])} ms`,
    );
    console.log(
      `  (engine-side samples: ${samples.length}; median model wait ${
        fixed(percentile(samples.map((s) => s[1]), 0.5))
      } ms)`,
    );
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    await llm.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await main();
