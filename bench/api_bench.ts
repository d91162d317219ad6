/** API benchmark: GET /api/status throughput, engine cold start and idle RSS, each against a trivial Deno
 * server measured in the same run. Both servers run as `deno run -A` subprocesses. */
import {
  delay,
  fetchLoad,
  fixed,
  freePort,
  hasCommand,
  machineNote,
  MAIN,
  percentile,
  ratio,
  rssMb,
  type SpawnedServer,
  spawnServer,
  writeEngineConfig,
  writeTrivialServer,
} from "./bench_support.ts";

const CONCURRENCY = 32;
const WARMUP_MS = 3_000;
const DURATION_MS = 5_000;
const COLD_RUNS = 5;
const IDLE_MS = 2_000;

interface Servers {
  engine: (port: number) => Promise<SpawnedServer>;
  trivial: (port: number) => Promise<SpawnedServer>;
}

function serverLaunchers(configPath: string, trivialScript: string, bodyFile: string): Servers {
  return {
    engine: (port) =>
      spawnServer({
        args: ["run", "-A", MAIN, "engine", "--config", configPath, "--port", String(port)],
        port,
        readyPath: "/api/status",
      }),
    trivial: (port) =>
      spawnServer({
        args: ["run", "-A", trivialScript, String(port), bodyFile],
        port,
        readyPath: "/api/status",
      }),
  };
}

/** Requests per second from wrk when installed, else from the in-process fetch loops. */
async function measureRps(url: string, useWrk: boolean): Promise<number> {
  if (!useWrk) {
    const result = await fetchLoad(url, {
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
    });
    if (result.errors > 0) console.log(`  (${result.errors} failed requests against ${url})`);
    return result.rps;
  }
  await runWrk(url, WARMUP_MS);
  return await runWrk(url, DURATION_MS);
}

async function runWrk(url: string, durationMs: number): Promise<number> {
  const output = await new Deno.Command("wrk", {
    args: ["-t2", `-c${CONCURRENCY}`, `-d${durationMs / 1000}s`, url],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  const match = text.match(/Requests\/sec:\s+([\d.]+)/);
  if (!output.success || !match) {
    throw new Error(`wrk failed on ${url}: ${text}${new TextDecoder().decode(output.stderr)}`);
  }
  return Number(match[1]);
}

async function coldStartMs(launch: (port: number) => Promise<SpawnedServer>): Promise<number[]> {
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
    const trivialScript = await writeTrivialServer(dir);
    const bodyFile = `${dir}/status.json`;
    await Deno.writeTextFile(bodyFile, '{"status":"ok"}');
    const launch = serverLaunchers(configPath, trivialScript, bodyFile);

    // One unmeasured launch of each warms Deno's module cache and creates the workspace state.
    await (await launch.engine(freePort())).stop();
    await (await launch.trivial(freePort())).stop();

    const engine = await launch.engine(freePort());
    running.push(engine);
    const statusBody = await (await fetch(`${engine.url}/api/status`)).text();
    await Deno.writeTextFile(bodyFile, statusBody);
    const trivial = await launch.trivial(freePort());
    running.push(trivial);

    await delay(IDLE_MS);
    const [engineRss, trivialRss] = [await rssMb(engine.pid), await rssMb(trivial.pid)];
    console.log(
      `idle RSS after ${IDLE_MS / 1000} s: engine ${fixed(engineRss, 1)} MB, trivial Deno server ` +
        `${fixed(trivialRss, 1)} MB, ratio ${ratio(engineRss, trivialRss)} (target engine < 100 MB)`,
    );

    const useWrk = hasCommand("wrk");
    const driver = useWrk ? "wrk -t2" : "in-process fetch loops";
    console.log(
      `GET /api/status load: ${driver}, concurrency ${CONCURRENCY}, ` +
        `${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s measured, ${statusBody.length}-byte body`,
    );
    const engineRps = await measureRps(`${engine.url}/api/status`, useWrk);
    const trivialRps = await measureRps(`${trivial.url}/api/status`, useWrk);
    console.log(
      `GET /api/status: engine ${fixed(engineRps, 0)} req/s, bare Deno.serve ${
        fixed(trivialRps, 0)
      } req/s, ` +
        `ratio ${ratio(engineRps, trivialRps)} (target >= x0.70)`,
    );
    console.log(`RSS after load: engine ${fixed(await rssMb(engine.pid), 1)} MB`);
    await Promise.all(running.splice(0).map((server) => server.stop()));

    const engineStarts = await coldStartMs(launch.engine);
    const trivialStarts = await coldStartMs(launch.trivial);
    const engineMedian = percentile(engineStarts, 0.5);
    const trivialMedian = percentile(trivialStarts, 0.5);
    console.log(
      `cold start to first 200 (median of ${COLD_RUNS}, warm module cache): engine ` +
        `${fixed(engineMedian, 0)} ms [${
          engineStarts.map((ms) => fixed(ms, 0)).join(", ")
        }], trivial Deno server ` +
        `${fixed(trivialMedian, 0)} ms, ratio ${
          ratio(engineMedian, trivialMedian)
        } (target engine < 1000 ms)`,
    );
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await main();
