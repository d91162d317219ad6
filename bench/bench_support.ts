/** Shared pieces of the engine benchmarks: spawning servers, load loops, percentiles, engine configs. */
import { stringify } from "yaml";
import { testConfig } from "../tests/support/engine_harness.ts";
import { ENGINE_DENO_FLAGS, ENGINE_ENV, ENGINE_V8_FLAGS } from "../src/cli/supervisor.ts";

export const REPO_ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const MAIN = `${REPO_ROOT}/main.ts`;
export const FAKE_KEY_ENV = { FAKE_LLM_KEY: "bench-key", NO_COLOR: "1" };
/** The V8 flags and environment the supervisor gives the engine (src/cli/supervisor.ts), so a benchmark that
 * runs `main.ts engine` itself measures the engine as `deno task start` runs it. */
export const ENGINE_RUN_FLAGS = ["-A", ...ENGINE_DENO_FLAGS, ENGINE_V8_FLAGS];
export { ENGINE_ENV };

/** One clock for every process-local timestamp a benchmark compares (fractional milliseconds). */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Nearest-rank percentile of unsorted samples (fraction 0..1). */
export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export function fixed(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

/** "x1.23" where x>1 means the engine figure is that many times the baseline. */
export function ratio(value: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(value) ? `x${(value / baseline).toFixed(2)}` : "n/a";
}

/** Writes the engine's config.yaml into `workspace` (testConfig plus `extra`) and returns its path. */
export async function writeEngineConfig(
  workspace: string,
  llmUrl?: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const path = `${workspace}/config.yaml`;
  await Deno.writeTextFile(path, stringify(testConfig({ llmUrl, config: extra })));
  return path;
}

export interface SpawnedServer {
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first 200 on the ready path. */
  readyMs: number;
  /** The last few KB the process printed. */
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Arguments after `deno`, e.g. ["run", "-A", MAIN, "engine", ...]. */
  args: string[];
  port: number;
  readyPath: string;
  env?: Record<string, string>;
  /** Pins the process to this CPU list with taskset when it is installed. */
  cpus?: string;
  timeoutMs?: number;
}

/** Spawns a server process and resolves once `readyPath` answers 200 (polled every 2 ms). */
export async function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  const pinned = options.cpus !== undefined && hasCommand("taskset");
  const command = pinned ? "taskset" : Deno.execPath();
  const args = pinned ? ["-c", options.cpus!, Deno.execPath(), ...options.args] : options.args;
  const started = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd: REPO_ROOT,
    env: { ...FAKE_KEY_ENV, ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let tail = "";
  const keep = async (stream: ReadableStream<Uint8Array>) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) tail = (tail + text).slice(-4000);
  };
  const drained = Promise.all([keep(child.stdout), keep(child.stderr)]);
  let exited = false;
  child.status.then(() => exited = true);
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    await stopChild(child);
    await drained;
  };
  const deadline = started + (options.timeoutMs ?? 30_000);
  while (!exited && performance.now() < deadline) {
    if (await answers200(url + options.readyPath)) {
      return { pid: child.pid, url, readyMs: performance.now() - started, output: () => tail, stop };
    }
    await delay(2);
  }
  await stop();
  throw new Error(`Server "${args.join(" ")}" did not become ready at ${url}: ${tail}`);
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function stopChild(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch {
    return; // already exited
  }
  const exited = await Promise.race([child.status.then(() => true), delay(5_000).then(() => false)]);
  if (exited) return;
  try {
    child.kill("SIGKILL");
  } catch {
    // exited meanwhile
  }
  await child.status;
}

export function hasCommand(name: string): boolean {
  try {
    return new Deno.Command("which", { args: [name], stdout: "null", stderr: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
export async function rssMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!match) throw new Error(`No VmRSS line in "/proc/${pid}/status"`);
  return Number(match[1]) / 1024;
}

/** A trivial Deno HTTP server: every path answers the JSON text in the file given as second argument. */
const TRIVIAL_SERVER = `const [port, bodyFile] = Deno.args;
const body = bodyFile ? Deno.readTextFileSync(bodyFile) : '{"status":"ok"}';
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen() {} },
  () => new Response(body, { headers: { "content-type": "application/json" } }));
`;

/** Writes the trivial server script into `dir`; returns its path. */
export async function writeTrivialServer(dir: string): Promise<string> {
  const path = `${dir}/trivial_server.ts`;
  await Deno.writeTextFile(path, TRIVIAL_SERVER);
  return path;
}

export interface LoadOptions {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  request?: () => Promise<Response>;
}

/** Closed-loop load: `concurrency` keep-alive fetch loops; counts responses finished inside the window. */
export async function fetchLoad(url: string, options: LoadOptions): Promise<{ rps: number; errors: number }> {
  const send = options.request ?? (() => fetch(url));
  const windowStart = performance.now() + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;
  let counted = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < windowEnd) {
      try {
        const response = await send();
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      const now = performance.now();
      if (now >= windowStart && now < windowEnd) counted++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  return { rps: counted / (options.durationMs / 1000), errors };
}

/** What the bench LLM answers one chat request with. */
export type LlmReply = { text: string } | {
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
};

export interface BenchLlm {
  /** Base URL including "/v1". */
  url: string;
  /** preciseNow() at which the first content chunk of each streamed reply was enqueued, in request order. */
  firstChunkAt: number[];
  /** Delay before the first chunk, so it is written after the response headers went out (0 = instant). */
  firstChunkDelayMs: number;
  close(): Promise<void>;
}

// deno-lint-ignore no-explicit-any
type ChatBody = { messages?: { role?: string }[]; [key: string]: any };

/** A minimal OpenAI-compatible streaming server (chat.completion.chunk SSE) that answers instantly, the
 * whole reply in one content (or tool-call) chunk, and records when that chunk was written. */
export function startBenchLlm(reply: (body: ChatBody) => LlmReply): BenchLlm {
  const firstChunkAt: number[] = [];
  const encoder = new TextEncoder();
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${
      JSON.stringify({
        id: "chatcmpl-bench",
        object: "chat.completion.chunk",
        created: 1700000000,
        model: "fake-model",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })
    }\n\n`;
  const handler = async (request: Request): Promise<Response> => {
    const body = await request.json().catch(() => ({})) as ChatBody;
    const answer = reply(body);
    const first = "text" in answer ? chunk({ role: "assistant", content: answer.text }) : chunk({
      role: "assistant",
      tool_calls: answer.toolCalls.map((call, index) => ({
        index,
        id: `call_${index}`,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    });
    const usage = `data: ${
      JSON.stringify({
        id: "chatcmpl-bench",
        object: "chat.completion.chunk",
        created: 1700000000,
        model: "fake-model",
        choices: [],
        usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
      })
    }\n\n`;
    const finish = "text" in answer ? "stop" : "tool_calls";
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        if (llm.firstChunkDelayMs > 0) await delay(llm.firstChunkDelayMs);
        controller.enqueue(encoder.encode(first));
        firstChunkAt.push(preciseNow());
        controller.enqueue(encoder.encode(chunk({}, finish) + usage + "data: [DONE]\n\n"));
        controller.close();
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const llm: BenchLlm = {
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    firstChunkAt,
    firstChunkDelayMs: 0,
    close: () => server.shutdown(),
  };
  return llm;
}

export interface EventRecord {
  type: string;
  session_id: string;
  timestamp: number;
  // deno-lint-ignore no-explicit-any
  data: Record<string, any>;
}

export interface TurnRecord {
  events: EventRecord[];
  /** preciseNow() when the first llm_token frame arrived (undefined when none did). */
  firstTokenAt?: number;
  failed: boolean;
}

/** One WebSocket on one session that runs turns one after another. */
export class TurnClient {
  private current?: { record: TurnRecord; done: (record: TurnRecord) => void };

  private constructor(private readonly socket: WebSocket, readonly sessionId: string) {
    socket.onmessage = (message) => {
      const at = preciseNow();
      const turn = this.current;
      if (!turn) return;
      const event = JSON.parse(String(message.data)) as EventRecord;
      if (event.type === "log_entry") return;
      if (event.type === "llm_token" && turn.record.firstTokenAt === undefined) turn.record.firstTokenAt = at;
      turn.record.events.push(event);
      if (event.type === "response_complete" || event.type === "error") {
        turn.record.failed = event.type === "error";
        this.current = undefined;
        turn.done(turn.record);
      }
    };
  }

  /** Creates a session over REST and connects to it. */
  static async open(engineUrl: string): Promise<TurnClient> {
    const response = await fetch(`${engineUrl}/api/sessions`, { method: "POST", body: '{"mode":"normal"}' });
    const session = await response.json() as { id?: string };
    if (!session.id) throw new Error(`Cannot create a session at "${engineUrl}": ${JSON.stringify(session)}`);
    const socket = new WebSocket(`${engineUrl.replace(/^http/, "ws")}/api/ws?session_id=${session.id}`);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error(`WebSocket to "${engineUrl}" failed`));
    });
    return new TurnClient(socket, session.id);
  }

  /** Sends one message and resolves at its response_complete (or error) event. */
  turn(content: string, timeoutMs = 20_000): Promise<TurnRecord> {
    if (this.current) throw new Error("A turn is already running on this client");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Turn "${content}" did not complete in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.current = {
        record: { events: [], failed: false },
        done: (record) => {
          clearTimeout(timer);
          resolve(record);
        },
      };
      this.socket.send(JSON.stringify({ type: "message", session_id: this.sessionId, content }));
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.socket.addEventListener("close", () => resolve()));
    this.socket.close();
    return closed;
  }
}

/** One line on the machine, since other work on it moves every figure. */
export function machineNote(): string {
  let load = "unknown";
  try {
    load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    // not Linux
  }
  return `machine: ${navigator.hardwareConcurrency} CPUs, load average ${load}, Deno ${Deno.version.deno}`;
}

/** "p50 X ms, p99 Y ms" of samples in milliseconds. */
export function p50p99(samples: number[]): string {
  return `p50 ${fixed(percentile(samples, 0.5))} ms, p99 ${fixed(percentile(samples, 0.99))} ms`;
}
