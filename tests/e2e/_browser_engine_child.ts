/** A child process running the engine with "localhost" allowed for the browser, for tests that stop or kill the
 * engine's process: prints `READY <url>` once listening, stops on SIGTERM. Args: <config path>. */
import { startEngine } from "../../src/app/start.ts";

const engine = await startEngine({
  configPath: Deno.args[0],
  port: 0,
  stderrLogs: false,
  httpAllowHosts: ["localhost"],
});
console.log(`READY ${engine.url}`);
Deno.addSignalListener("SIGTERM", () => void engine.stop(0));
Deno.exit(await engine.finished);
