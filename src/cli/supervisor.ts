/** The supervisor: runs the engine as a child process with permission flags derived from config, restarts it
 * on exit 75 (and on crashes, within the crash budget), never when it refused to start (exit 78, or 2 for a
 * wrong command line: it would refuse again), and stops it cleanly on SIGINT/SIGTERM. It stays small: the
 * config is read by `plan` (a short-lived `engine-plan` process in `start`), never in this process. */
import { RESTART_EXIT_CODE } from "../lib/exit_codes.ts";

/** Exit codes of an engine that could not start as configured; it has already said why. */
const NO_RETRY_CODES = new Set([2, 78]);
/** V8 settings of the engine process: a 1 MB young generation instead of up to 16 MB twice over (about 30 MB
 * of resident memory less; garbage is collected sooner, at a cost under measurement noise), and `gc` for the
 * collection the engine runs when it goes quiet after work (src/app/idle_memory.ts). */
export const ENGINE_V8_FLAGS = "--v8-flags=--max-semi-space-size=1,--expose-gc";
/** Deno settings of the engine process alone: no V8 code cache (Deno's cache database and the cached code it
 * reads stay out of the C heap: about 2 MB less resident memory, for about 40 ms more start-up: median 464 vs
 * 427 ms to the first 200 in eight alternating runs). */
export const ENGINE_DENO_FLAGS = ["--no-code-cache"];
/** glibc malloc settings of the engine process: buffers over 64 KB (a model request carries the whole history)
 * get their own mapping, returned to the system when freed, instead of fragmenting the heap after glibc raised
 * its threshold; without this the engine kept about 30 MB more after 1,000 turns. Two arenas instead of one per
 * thread (the engine runs about 36): idle RSS 103-107 MB instead of 106-136 MB, /api/status under wrk the same
 * within noise. Other C libraries ignore both. */
export const ENGINE_ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: "65536", MALLOC_ARENA_MAX: "2" };

/** What one engine start needs from the config. */
export interface EnginePlan {
  /** The config file, as the engine must be given it. */
  configPath: string;
  /** Deno permission flags: the engine's own sandbox. */
  flags: string[];
  crashRestartBudget: number;
  crashWindowSeconds: number;
}

export interface SupervisorOptions {
  /** Reads the config before each engine start (so a restart picks up changes); a number is the exit code of a
   * refusal (bad config: 78), which ends the supervisor with that code. */
  plan: () => Promise<EnginePlan | number>;
  /** The program and arguments that run the engine with `plan`'s flags on `port`. */
  engineCommand: (plan: EnginePlan, port: number | undefined) => { command: string; args: string[] };
  /** Port override passed to every engine start (the first engine's real port is reused after). */
  port?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** Gives back what this process paged in to read the plan and start the engine (cold_pages.ts), run once
   * `settleMs` after each engine start: after that the supervisor only waits. */
  releaseMemory?: () => void;
  settleMs?: number;
}

/** How long after an engine start the supervisor's own work is surely done. */
const DEFAULT_SETTLE_MS = 1000;

export async function runSupervisor(options: SupervisorOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? Date.now;
  const crashes: number[] = [];
  // Every engine generation must come back on the same port, or clients could not reconnect.
  const port = options.port === 0 ? freePort() : options.port;
  let child: Deno.ChildProcess | undefined;
  let stopping = false;
  const forward = (signal: Deno.Signal) => () => {
    stopping = true;
    try {
      child?.kill(signal);
    } catch {
      // child already gone
    }
  };
  const onInt = forward("SIGINT");
  const onTerm = forward("SIGTERM");
  Deno.addSignalListener("SIGINT", onInt);
  Deno.addSignalListener("SIGTERM", onTerm);
  try {
    while (true) {
      const plan = await options.plan();
      if (typeof plan === "number") return plan;
      if (stopping) return 0;
      const { command, args } = options.engineCommand(plan, port);
      child = new Deno.Command(command, {
        args,
        env: ENGINE_ENV,
        stdin: "null",
        stdout: "inherit",
        stderr: "inherit",
      }).spawn();
      const settled = options.releaseMemory
        ? setTimeout(options.releaseMemory, options.settleMs ?? DEFAULT_SETTLE_MS)
        : undefined;
      const status = await child.status;
      clearTimeout(settled);
      if (stopping) return 0;
      if (status.code === RESTART_EXIT_CODE) {
        log("Parapet engine asked for a restart: starting it again");
        continue;
      }
      if (status.code === 0) return 0;
      if (NO_RETRY_CODES.has(status.code)) return status.code;
      const budget = plan.crashRestartBudget;
      const at = now();
      crashes.push(at);
      while (crashes.length > 0 && at - crashes[0] > plan.crashWindowSeconds * 1000) crashes.shift();
      if (crashes.length > budget) {
        log(
          `Parapet engine crashed ${crashes.length} times within ${plan.crashWindowSeconds} s ` +
            `(agents.crash_restart_budget is ${budget}): not restarting it again. See .engine/logs/engine.log`,
        );
        return 1;
      }
      log(
        `Parapet engine exited with code ${status.code}: restarting (${crashes.length}/${budget} crashes in the window)`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * crashes.length)));
      // A stop asked for during the pause must not start another engine nobody would stop.
      if (stopping) return 0;
    }
  } finally {
    Deno.removeSignalListener("SIGINT", onInt);
    Deno.removeSignalListener("SIGTERM", onTerm);
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}
