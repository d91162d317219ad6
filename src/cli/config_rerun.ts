/** `deno task start` runs main.ts with --no-config, so the long-lived supervisor sets up no import map, lock file
 * or npm resolution (about 2 MB less resident memory). A subcommand that needs the npm packages then runs again
 * in a child process with the checkout's deno.json, and this process passes its exit code on. */
import { pathOfFileUrl } from "../lib/absolute_path.ts";

/** The checkout's deno.json and main.ts (built from the folder: the layer check reads a path literal as an import). */
const ROOT = pathOfFileUrl(new URL("../../", import.meta.url));
export const DENO_JSON = `${ROOT}deno.json`;
const MAIN_MODULE = `${ROOT}main.ts`;

/** Subcommands that import no npm package, so they run as they are under --no-config. */
const WITHOUT_PACKAGES = new Set(["start"]);

/** True when `command` must run again with deno.json: it needs packages and this process cannot resolve them. */
export function needsConfig(command: string, resolves: () => boolean = packagesResolve): boolean {
  return !WITHOUT_PACKAGES.has(command) && !Deno.build.standalone && !resolves();
}

/** Can this process resolve deno.json's imports (it cannot when started with --no-config)? */
function packagesResolve(): boolean {
  try {
    import.meta.resolve("zod");
    return true;
  } catch {
    return false;
  }
}

/** Runs main.ts with `args` and deno.json in a child sharing the terminal; resolves with its exit code. */
export async function rerunWithConfig(args: string[]): Promise<number> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--config", DENO_JSON, MAIN_MODULE, ...args],
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  // Ctrl-C reaches the child from the terminal itself; a SIGTERM sent to this process is passed on.
  const ignore = () => {};
  const forward = () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
  };
  Deno.addSignalListener("SIGINT", ignore);
  Deno.addSignalListener("SIGTERM", forward);
  try {
    const status = await child.status;
    return status.signal ? 128 + signalNumber(status.signal) : status.code;
  } finally {
    Deno.removeSignalListener("SIGINT", ignore);
    Deno.removeSignalListener("SIGTERM", forward);
  }
}

function signalNumber(signal: Deno.Signal): number {
  return ({ SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[signal] ?? 1;
}
