/** The supervisor: runs the engine as a child process with permission flags derived from config, restarts it
 * on exit 75 (and on crashes, within the crash budget), never when it refused to start (exit 78, or 2 for a
 * wrong command line: it would refuse again), and stops it cleanly on SIGINT/SIGTERM. */
import type { Config } from "../config/schema.ts";
import { enginePermissionFlags } from "./permission_flags.ts";
import { RESTART_EXIT_CODE } from "../app/lifecycle.ts";

/** Exit codes of an engine that could not start as configured; it has already said why. */
const NO_RETRY_CODES = new Set([2, 78]);

export interface SupervisorOptions {
  config: Config;
  configPath: string;
  workspace: string;
  mainModule: string;
  /** Port override passed to every engine start (the first engine's real port is reused after). */
  port?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export async function runSupervisor(options: SupervisorOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? Date.now;
  const budget = options.config.agents.crash_restart_budget;
  const windowMs = options.config.agents.crash_window_seconds * 1000;
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
      const flags = await enginePermissionFlags(options.config, options.workspace, options.configPath);
      const args = ["run", ...flags, options.mainModule, "engine", "--config", options.configPath];
      if (port !== undefined) args.push("--port", String(port));
      child = new Deno.Command(Deno.execPath(), { args, stdin: "null", stdout: "inherit", stderr: "inherit" })
        .spawn();
      const status = await child.status;
      if (stopping) return 0;
      if (status.code === RESTART_EXIT_CODE) {
        log("Parapet engine asked for a restart: starting it again");
        continue;
      }
      if (status.code === 0) return 0;
      if (NO_RETRY_CODES.has(status.code)) return status.code;
      const at = now();
      crashes.push(at);
      while (crashes.length > 0 && at - crashes[0] > windowMs) crashes.shift();
      if (crashes.length > budget) {
        log(
          `Parapet engine crashed ${crashes.length} times within ${options.config.agents.crash_window_seconds} s ` +
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
