/** Runs a child process in its own process group with a timeout, an abort signal and capped output.
 * The whole group is killed (SIGTERM, then SIGKILL) so background jobs never outlive a call; a process that
 * left the group (`setsid`) dies with the pid namespace the caller wraps the command in (bwrap or unshare). */
import { OutputCapture } from "./output_capture.ts";
import { ToolError } from "../lib/errors.ts";

export interface RunRequest {
  /** Program and arguments; never passed through a shell by this module. */
  argv: string[];
  cwd: string;
  /** The complete environment of the child (nothing is inherited from the engine). */
  env: Record<string, string>;
  timeoutMs: number;
  /** Bytes of combined stdout+stderr kept (head and tail). */
  maxOutputBytes: number;
  /** Bytes read in total before the group is killed, so endless output never hangs a call (default 50 MB). */
  hardCapBytes?: number;
  /** Delay between SIGTERM and SIGKILL (default 2000 ms). */
  killGraceMs?: number;
  signal?: AbortSignal;
  /** Runs right after spawn with the child's pid (e.g. to give its sandbox a network); the function it
   * returns runs when the call ends. A throw kills the child and fails the call. */
  onSpawn?: (pid: number) => Promise<() => void>;
}

export interface RunResult {
  code: number;
  signal: string | null;
  output: string;
  totalOutputBytes: number;
  timedOut: boolean;
  aborted: boolean;
  outputLimitHit: boolean;
}

const SETSID_CANDIDATES = ["/usr/bin/setsid", "/bin/setsid"];
const setsidPath = SETSID_CANDIDATES.find((candidate) => {
  try {
    return Deno.statSync(candidate).isFile;
  } catch {
    return false;
  }
});

export async function runProcess(request: RunRequest): Promise<RunResult> {
  const argv = setsidPath ? [setsidPath, ...request.argv] : request.argv;
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(argv[0], {
      args: argv.slice(1),
      cwd: request.cwd,
      env: request.env,
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    const detail = error instanceof Deno.errors.NotFound ? "program not found" : (error as Error).message;
    throw new ToolError(`Cannot run "${request.argv[0]}": ${detail}`);
  }
  // setsid execs in place (the child is never a group leader), so the child's pid is the new group's id.
  const group = new ProcessGroup(child, setsidPath !== undefined, request.killGraceMs ?? 2000);
  let detach = () => {};
  if (request.onSpawn) {
    try {
      detach = await request.onSpawn(child.pid);
    } catch (error) {
      group.killNow();
      await Promise.allSettled([child.status, child.stdout.cancel(), child.stderr.cancel()]);
      throw new ToolError(`Cannot run "${request.argv[0]}": ${(error as Error).message}`);
    }
  }
  const capture = new OutputCapture(request.maxOutputBytes);
  const state = { timedOut: false, aborted: false, outputLimitHit: false };
  const hardCap = request.hardCapBytes ?? 50_000_000;
  const onChunk = (chunk: Uint8Array) => {
    capture.append(chunk);
    if (capture.totalBytes > hardCap && !state.outputLimitHit) {
      state.outputLimitHit = true;
      group.kill();
    }
  };
  const pumps = new StreamPumps([child.stdout, child.stderr], onChunk);
  const timer = setTimeout(() => {
    state.timedOut = true;
    group.kill();
  }, request.timeoutMs);
  const onAbort = () => {
    state.aborted = true;
    group.kill();
  };
  if (request.signal?.aborted) onAbort();
  request.signal?.addEventListener("abort", onAbort);
  try {
    const status = await child.status;
    // Background jobs may still hold the pipes: give them a moment, then kill what is left of the group.
    if (!(await pumps.finishedWithin(1000))) {
      group.killNow();
      if (!(await pumps.finishedWithin(request.killGraceMs ?? 2000))) await pumps.cancel();
    }
    return {
      code: status.code,
      signal: status.signal,
      output: capture.text(),
      totalOutputBytes: capture.totalBytes,
      ...state,
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
    group.dispose();
    detach();
  }
}

class ProcessGroup {
  #graceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private child: Deno.ChildProcess, private ownGroup: boolean, private graceMs: number) {}

  /** SIGTERM now, SIGKILL after the grace period. */
  kill(): void {
    this.#signal("SIGTERM");
    if (this.#graceTimer === undefined) {
      this.#graceTimer = setTimeout(() => this.#signal("SIGKILL"), this.graceMs);
    }
  }

  killNow(): void {
    this.#signal("SIGKILL");
  }

  dispose(): void {
    clearTimeout(this.#graceTimer);
  }

  #signal(signal: Deno.Signal): void {
    try {
      if (this.ownGroup) Deno.kill(-this.child.pid, signal);
      else this.child.kill(signal);
    } catch {
      // ESRCH: the group is already gone
    }
  }
}

/** Reads several streams concurrently into one sink; can wait with a deadline or cancel. */
class StreamPumps {
  readonly #readers: ReadableStreamDefaultReader<Uint8Array>[];
  readonly #done: Promise<void>;

  constructor(streams: ReadableStream<Uint8Array>[], sink: (chunk: Uint8Array) => void) {
    this.#readers = streams.map((stream) => stream.getReader());
    this.#done = Promise.all(this.#readers.map((reader) => pump(reader, sink))).then(() => {});
  }

  async finishedWithin(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), ms));
    try {
      return await Promise.race([this.#done.then(() => true), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async cancel(): Promise<void> {
    await Promise.all(this.#readers.map((reader) => reader.cancel().catch(() => {})));
  }
}

async function pump(reader: ReadableStreamDefaultReader<Uint8Array>, sink: (chunk: Uint8Array) => void) {
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      sink(value);
    }
  } catch {
    // cancelled or broken pipe: the capture keeps what arrived
  }
}
