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
import {
  bottleneckNote,
  GENERATOR_CPU,
  type GeneratorRun,
  type HttpLoad,
  httpLoad,
  SERVER_CPU,
} from "./load_generators.ts";

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
    bare: (port: number, minimal = false) =>
      spawnServer({
        args: [
          "run",
          "-A",
          `${REPO_ROOT}/bench/bare_http_server.ts`,
          String(port),
          routesFile,
          ...(minimal ? ["--minimal"] : []),
        ],
        port,
        readyPath: "/api/status",
        cpus: SERVER_CPU,
      }),
  };
}

/** What the engine answers on each route (body and headers but the per-answer ones), for the bare server to
 * answer the same bytes. */
async function recordRoutes(engineUrl: string, file: string): Promise<Record<string, number>> {
  const routes: Record<string, { body: string; headers: [string, string][] }> = {};
  const sizes: Record<string, number> = {};
  const perAnswer = new Set(["content-type", "content-length", "date", "vary", "content-encoding"]);
  for (const path of ROUTES) {
    const response = await fetch(engineUrl + path);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
    const headers: [string, string][] = [[
      "content-type",
      response.headers.get("content-type") ?? "text/plain",
    ]];
    for (const [name, value] of response.headers) if (!perAnswer.has(name)) headers.push([name, value]);
    routes[path] = { body, headers };
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

interface Side {
  label: string;
  server: SpawnedServer;
}

/** Loads the engine and each baseline in turn, `rounds` times, and prints the medians and their ratios. */
async function compareRoute(engine: SpawnedServer, baselines: Side[], path: string, rounds: number) {
  const sides: Side[] = [{ label: "engine", server: engine }, ...baselines];
  for (const side of sides) {
    await httpLoad(side.server.url + path, {
      serverPid: side.server.pid,
      connections: CONNECTIONS,
      seconds: WARMUP_SECONDS,
    });
  }
  const runs = sides.map(() => [] as GeneratorRun<HttpLoad>[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, side] of sides.entries()) runs[index].push(await load(side.server, path));
  }
  const rps = runs.map((sideRuns) => percentile(sideRuns.map((run) => run.result.rps), 0.5));
  // Requests per CPU second of the server: what a request costs, whatever share of its core the load left it.
  const perCpu = runs.map((sideRuns) =>
    percentile(sideRuns.map((run) => (run.result.rps * SECONDS) / run.serverCpuSeconds), 0.5)
  );
  const listed = (index: number) =>
    rounds > 1 ? ` [${runs[index].map((run) => fixed(run.result.rps, 0)).join(", ")}]` : "";
  console.log(`GET ${path}: engine ${fixed(rps[0], 0)} req/s${listed(0)}`);
  for (let index = 1; index < sides.length; index++) {
    console.log(
      `  vs ${sides[index].label} ${fixed(rps[index], 0)} req/s${listed(index)}: ratio ${
        ratio(rps[0], rps[index])
      }` +
        `${path === "/api/status" && index === 1 ? " (target >= x0.70)" : ""}; per server CPU second ` +
        `${fixed(perCpu[0], 0)} vs ${fixed(perCpu[index], 0)} req, ratio ${ratio(perCpu[0], perCpu[index])}`,
    );
  }
  for (const [index, side] of sides.entries()) {
    console.log(`  ${side.label} run: ${bottleneckNote(runs[index].at(-1)!)}`);
  }
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
    const minimal = await launch.bare(freePort(), true);
    running.push(bare, minimal);
    await delay(500);
    console.log(
      `HTTP load: wrk -t1 -c${CONNECTIONS} (CPU ${GENERATOR_CPU}) against each server (CPU ${SERVER_CPU}), ` +
        `${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up; baseline: a bare Deno.serve answering the same ` +
        `bytes (body and headers, the security headers included); for /api/status also one answering the body ` +
        `with its Content-Type only. Bodies: ${ROUTES.map((path) => `${path} ${sizes[path]} B`).join(", ")}`,
    );
    for (const path of ROUTES) {
      const status = path === "/api/status";
      const baselines = [{ label: "bare Deno.serve, same bytes", server: bare }];
      if (status) baselines.push({ label: "bare Deno.serve, Content-Type only", server: minimal });
      await compareRoute(engine, baselines, path, status ? STATUS_ROUNDS : 1);
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
