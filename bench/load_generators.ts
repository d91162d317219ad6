/** Runs the external load generators (wrk, or bench/http_load_client.ts without it; bench/ws_load_client.ts)
 * as separate processes, pinned to their own CPU when taskset exists, and measures the CPU time both the
 * generator and the server used, so a run can say whether the generator was the bottleneck. */
import { freePort, hasCommand, REPO_ROOT, type SpawnedServer, spawnServer } from "./bench_support.ts";
import { cpuSeconds } from "./process_tree.ts";

/** CPU the generators run on; servers under test are pinned to SERVER_CPU. */
export const GENERATOR_CPU = "0";
export const SERVER_CPU = "1";

export interface GeneratorRun<T> {
  result: T;
  /** Wall seconds of the run. */
  seconds: number;
  generatorCpuSeconds: number;
  serverCpuSeconds: number;
}

export interface HttpLoad {
  rps: number;
  /** Non-2xx/3xx answers and socket errors. */
  errors: number;
  generator: "wrk" | "fetch loops";
}

const WRK_MISSING =
  "wrk is not installed (Debian package `wrk`: apt-get install -y wrk): using bench/http_load_client.ts " +
  "(fetch loops in a separate Deno process) instead; it is slower than wrk and likely the bottleneck";
let warned = false;

function pinned(command: string, args: string[]): [string, string[]] {
  return hasCommand("taskset") ? ["taskset", ["-c", GENERATOR_CPU, command, ...args]] : [command, args];
}

/** Runs `work` and reports the server's CPU seconds spent meanwhile. */
async function withServerCpu<T>(
  serverPid: number,
  work: () => Promise<{ result: T; generatorCpuSeconds: number }>,
): Promise<GeneratorRun<T>> {
  const serverBefore = cpuSeconds(serverPid);
  const started = performance.now();
  const { result, generatorCpuSeconds } = await work();
  return {
    result,
    seconds: (performance.now() - started) / 1000,
    generatorCpuSeconds,
    serverCpuSeconds: cpuSeconds(serverPid) - serverBefore,
  };
}

/** HTTP GET load on `url` for `seconds` with `connections` keep-alive connections. */
export function httpLoad(
  url: string,
  options: { serverPid: number; connections: number; seconds: number; threads?: number },
): Promise<GeneratorRun<HttpLoad>> {
  if (!hasCommand("wrk")) {
    if (!warned) console.log(`  note: ${WRK_MISSING}`);
    warned = true;
    return withServerCpu(options.serverPid, () => fetchLoops(url, options.connections, options.seconds));
  }
  return withServerCpu(options.serverPid, () => wrk(url, options));
}

/** wrk under bash, whose `times` builtin prints the CPU its children used once they have exited. */
async function wrk(
  url: string,
  options: { connections: number; seconds: number; threads?: number },
): Promise<{ result: HttpLoad; generatorCpuSeconds: number }> {
  const wrkArgs = [`-t${options.threads ?? 1}`, `-c${options.connections}`, `-d${options.seconds}s`, url];
  const [command, args] = pinned("bash", ["-c", 'wrk "$@" && times', "wrk", ...wrkArgs]);
  const output = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(output.stdout);
  const rps = text.match(/Requests\/sec:\s+([\d.]+)/);
  const times = [...text.matchAll(/(\d+)m([\d.]+)s/g)].map((match) =>
    Number(match[1]) * 60 + Number(match[2])
  );
  if (!output.success || !rps || times.length < 4) {
    throw new Error(`wrk failed on "${url}": ${text}${new TextDecoder().decode(output.stderr)}`);
  }
  const errors = Number(text.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0) +
    [...text.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  // `times` prints the shell's user/system time, then its children's.
  return {
    result: { rps: Number(rps[1]), errors, generator: "wrk" },
    generatorCpuSeconds: times[2] + times[3],
  };
}

async function fetchLoops(
  url: string,
  connections: number,
  seconds: number,
): Promise<{ result: HttpLoad; generatorCpuSeconds: number }> {
  const script = `${REPO_ROOT}/bench/http_load_client.ts`;
  const [command, args] = pinned("bash", [
    "-c",
    '"$@" && times',
    "client",
    Deno.execPath(),
    "run",
    "-A",
    script,
    url,
    String(connections),
    String(seconds),
  ]);
  const output = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(output.stdout);
  const line = text.split("\n").find((entry) => entry.startsWith("{"));
  const times = [...text.matchAll(/(\d+)m([\d.]+)s/g)].map((match) =>
    Number(match[1]) * 60 + Number(match[2])
  );
  if (!output.success || !line) throw new Error(`Load client failed on "${url}": ${text}`);
  const parsed = JSON.parse(line) as { rps: number; failed: number };
  return {
    result: { rps: parsed.rps, errors: parsed.failed, generator: "fetch loops" },
    generatorCpuSeconds: times[2] + times[3],
  };
}

export interface WsPlan {
  /** Base URL of the server (http://host:port). */
  url: string;
  mode: "ping" | "turns";
  clients: number;
  /** ping: how long to send, after warmupMs. turns: an upper bound on the run. */
  durationMs: number;
  warmupMs?: number;
  /** turns: sessions each client opens, one after another, and turns it runs in each. */
  sessionsPerClient?: number;
  turnsPerSession?: number;
}

export interface WsOutcome {
  completed: number;
  failed: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  cpuSeconds: number;
}

/** Runs bench/ws_load_client.ts with `plan` against the server of `serverPid`. */
export function wsLoad(plan: WsPlan, serverPid: number): Promise<GeneratorRun<WsOutcome>> {
  return withServerCpu(serverPid, async () => {
    const [command, args] = pinned(Deno.execPath(), [
      "run",
      "-A",
      `${REPO_ROOT}/bench/ws_load_client.ts`,
      JSON.stringify(plan),
    ]);
    const output = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
    const text = new TextDecoder().decode(output.stdout);
    const line = text.split("\n").find((entry) => entry.startsWith("{"));
    if (!output.success || !line) {
      throw new Error(`WebSocket load client failed: ${text}${new TextDecoder().decode(output.stderr)}`);
    }
    const result = JSON.parse(line) as WsOutcome;
    return { result, generatorCpuSeconds: result.cpuSeconds };
  });
}

/** "generator 0.9 s CPU (18% of a core), server 4.6 s (92%): the server is the bottleneck" — the generator is
 * the bottleneck when it kept its core busier than the server kept its own. */
export function bottleneckNote(run: GeneratorRun<unknown>, generatorCores = 1): string {
  const share = (cpu: number, cores: number) => `${Math.round((100 * cpu) / (run.seconds * cores))}%`;
  const generatorBusy = run.generatorCpuSeconds / (run.seconds * generatorCores);
  const serverBusy = run.serverCpuSeconds / run.seconds;
  const verdict = generatorBusy >= 0.9 && generatorBusy >= serverBusy
    ? "the GENERATOR may be the bottleneck"
    : "the generator is not the bottleneck";
  return `generator ${run.generatorCpuSeconds.toFixed(2)} s CPU (${
    share(run.generatorCpuSeconds, generatorCores)
  } ` +
    `of ${generatorCores} core${generatorCores > 1 ? "s" : ""}), server ${
      run.serverCpuSeconds.toFixed(2)
    } s ` +
    `(${share(run.serverCpuSeconds, 1)} of a core): ${verdict}`;
}

/** The WebSocket baseline: bench/bare_ws_server.ts relaying the fake LLM at `llmUrl`, on the server CPU. */
export function spawnBareWsServer(llmUrl: string): Promise<SpawnedServer> {
  const port = freePort();
  return spawnServer({
    args: ["run", "-A", `${REPO_ROOT}/bench/bare_ws_server.ts`, String(port), llmUrl],
    port,
    readyPath: "/",
    cpus: SERVER_CPU,
  });
}
