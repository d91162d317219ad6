/** Startup failures that are not crashes (bad config, port in use, unsafe bind): one clear message and the exit
 * code that tells the supervisor not to try again. */
import { ConfigError } from "../lib/errors.ts";

/** The engine cannot start as configured; restarting would fail the same way (sysexits EX_CONFIG). */
export const STARTUP_REFUSED_CODE = 78;
/** A wrong command line (unknown command or option). */
export const USAGE_CODE = 2;

export interface Bind {
  host: string;
  port: number;
}

/** The message for a failure the user must fix, or undefined for a real crash. */
export function startupProblem(error: unknown, bind: Bind): string | undefined {
  if (error instanceof ConfigError) return formatConfigError(error);
  const where = `${bind.host}:${bind.port}`;
  const portFix =
    "stop the program using it, or choose another port with web.port in config.yaml or --port N";
  if (error instanceof Deno.errors.AddrInUse) {
    return `Cannot start: port ${bind.port} on ${bind.host} is already in use (is Parapet already running?): ${portFix}`;
  }
  if (error instanceof Deno.errors.AddrNotAvailable) {
    return `Cannot start: "${bind.host}" is not an address of this machine: fix web.host in config.yaml`;
  }
  if (
    error instanceof Deno.errors.PermissionDenied && /listen|bind|\bnet\b/i.test((error as Error).message)
  ) {
    return `Cannot start: not allowed to listen on ${where}: choose a port above 1023 with web.port or --port N`;
  }
  return undefined;
}

/** One line when there is one problem, else a heading and one indented line per problem. */
export function formatConfigError(error: ConfigError): string {
  if (error.problems.length === 0) return error.message;
  if (error.problems.length === 1) return `${error.message}: ${error.problems[0]}`;
  return [`${error.message}:`, ...error.problems.map((problem) => `  - ${problem}`)].join("\n");
}

/** Fails fast, before anything is opened, when the address is taken; the engine still handles a late race. */
export function checkPortFree(bind: Bind): void {
  if (bind.port === 0) return;
  const listener = Deno.listen({ hostname: bind.host, port: bind.port });
  listener.close();
}
