/** HTTP load benchmark, as a load balancer would see it: wrk (a separate process, on its own CPU) against the
 * engine's hot routes and, in the same run, against a bare Deno.serve answering the same bytes; a check that
 * wrk was not the bottleneck; and the engine's cold start against a bare server's. */
import {
  delay,
  ENGINE_ENV,
  ENGINE_RUN_FLAGS,
  fixed,
  freePort,
  machineNote,
  MAIN,
  percentile,
  ratio,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  writeEngineConfig,
} from "./bench_support.ts";
import { bottleneckNote, type GeneratorRun, type HttpLoad, httpLoad, SERVER_CPU } from "./load_generators.ts";

const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
const SECONDS = 5;
/** /api/status is measured this many times on each side (alternating), the other routes once. */
const STATUS_ROUNDS = 3;
const SESSIONS = 20;
const COLD_RUNS = 5;
const ROUTES = ["/api/status", "/api/sessions", "/api/settings", "/api/tools", "/"];

function launchers(configPath: string, routesFile: string) {
  return {
    engine: (port: number) =>
      spawnServer({
        args: ["run", ...ENGINE_RUN_FLAGS, MAIN, "engine", "--config", configPath, "--port", String(port)],
        port,
        env: ENGINE_ENV,
        readyPath: "/api/status",
        cpus: SERVER_CPU,
      }),
    bare: (port: number) =>
      spawnServer({
        args: ["run", "-A", `${REPO_ROOT}/bench/bare_http_server.ts`, String(port), routesFile],
        port,
        readyPath: "/api/status",
        cpus: SERVER_CPU,
      }),
  };
}

/** What the engine answers on each route, for the bare server to answer the same. */
async function recordRoutes(engineUrl: string, file: string): Promise<Record<string, number>> {
  const routes: Record<string, { body: string; contentType: string }> = {};
  const sizes: Record<string, number> = {};
  for (const path of ROUTES) {
    const response = await fetch(engineUrl + path);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
    routes[path] = { body, contentType: response.headers.get("content-type") ?? "text/plain" };
    sizes[path] = new TextEncoder().encode(body).length;
  }
  await Deno.writeTextFile(file, JSON.stringify(routes));
  return sizes;
}

async function load(server: SpawnedServer, path: string): Promise<GeneratorRun<HttpLoad>> {
  const run = await httpLoad(server.url + path, {
    serverPid: server.pid,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  if (run.result.errors > 0) console.log(`  (${run.result.errors} failed requests on ${server.url}${path})`);
  return run;
}

async function compareRoute(engine: SpawnedServer, bare: SpawnedServer, path: string, rounds: number) {
  await httpLoad(engine.url + path, {
    serverPid: engine.pid,
    connections: CONNECTIONS,
    seconds: WARMUP_SECONDS,
  });
  await httpLoad(bare.url + path, { serverPid: bare.pid, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const engineRuns: GeneratorRun<HttpLoad>[] = [];
  const bareRuns: GeneratorRun<HttpLoad>[] = [];
  for (let round = 0; round < rounds; round++) {
    engineRuns.push(await load(engine, path));
    bareRuns.push(await load(bare, path));
  }
  const median = (runs: GeneratorRun<HttpLoad>[]) => percentile(runs.map((run) => run.result.rps), 0.5);
  const [engineRps, bareRps] = [median(engineRuns), median(bareRuns)];
  // Requests per CPU second of the server: what a request costs, whatever share of its core the load left it.
  const perCpu = (runs: GeneratorRun<HttpLoad>[]) =>
    percentile(runs.map((run) => (run.result.rps * SECONDS) / run.serverCpuSeconds), 0.5);
  const [engineEfficiency, bareEfficiency] = [perCpu(engineRuns), perCpu(bareRuns)];
  const all = (runs: GeneratorRun<HttpLoad>[]) =>
    rounds > 1 ? ` [${runs.map((run) => fixed(run.result.rps, 0)).join(", ")}]` : "";
  console.log(
    `GET ${path}: engine ${fixed(engineRps, 0)} req/s${all(engineRuns)}, bare Deno.serve ${
      fixed(bareRps, 0)
    } ` +
      `req/s${all(bareRuns)}, ratio ${ratio(engineRps, bareRps)}${
        path === "/api/status" ? " (target >= x0.70)" : ""
      }`,
  );
  console.log(
    `  per server CPU second: engine ${fixed(engineEfficiency, 0)} req, bare ${
      fixed(bareEfficiency, 0)
    } req, ` +
      `ratio ${ratio(engineEfficiency, bareEfficiency)} (the figure the machine's load moves least)`,
  );
  console.log(`  engine run: ${bottleneckNote(engineRuns.at(-1)!)}`);
  console.log(`  bare run:   ${bottleneckNote(bareRuns.at(-1)!)}`);
}

async function coldStarts(launch: (port: number) => Promise<SpawnedServer>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const server = await launch(freePort());
    times.push(server.readyMs);
    await server.stop();
  }
  return times;
}

async function main(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-api-bench-" });
  const running: SpawnedServer[] = [];
  try {
    console.log(machineNote());
    const configPath = await writeEngineConfig(dir, undefined, { general: { rate_limit: 0 } });
    const routesFile = `${dir}/routes.json`;
    await Deno.writeTextFile(routesFile, "{}");
    const launch = launchers(configPath, routesFile);
    // One unmeasured launch of each warms Deno's module cache and creates the workspace state.
    await (await launch.engine(freePort())).stop();
    await (await launch.bare(freePort())).stop();

    const engine = await launch.engine(freePort());
    running.push(engine);
    for (let index = 0; index < SESSIONS; index++) {
      await (await fetch(`${engine.url}/api/sessions`, { method: "POST" })).body?.cancel();
    }
    const sizes = await recordRoutes(engine.url, routesFile);
    const bare = await launch.bare(freePort());
    running.push(bare);
    await delay(500);
    console.log(
      `HTTP load: wrk -t1 -c${CONNECTIONS} (CPU 0) against each server (CPU 1), ${SECONDS} s measured after ` +
        `${WARMUP_SECONDS} s warm-up; bodies: ${ROUTES.map((path) => `${path} ${sizes[path]} B`).join(", ")}`,
    );
    for (const path of ROUTES) {
      await compareRoute(engine, bare, path, path === "/api/status" ? STATUS_ROUNDS : 1);
    }
    await Promise.all(running.splice(0).map((server) => server.stop()));

    const engineStarts = await coldStarts(launch.engine);
    const bareStarts = await coldStarts(launch.bare);
    const [engineMedian, bareMedian] = [percentile(engineStarts, 0.5), percentile(bareStarts, 0.5)];
    console.log(
      `cold start to first 200 (median of ${COLD_RUNS}, warm module cache): engine ${
        fixed(engineMedian, 0)
      } ms ` +
        `[${engineStarts.map((ms) => fixed(ms, 0)).join(", ")}], bare Deno server ${
          fixed(bareMedian, 0)
        } ms, ` +
        `ratio ${ratio(engineMedian, bareMedian)} (target engine < 1000 ms)`,
    );
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await main();
