/** `engine` (the engine alone, also what the supervisor runs): refuse cleanly, check the model, print the
 * banner, stop on signals. */
import { loadConfig } from "../config/load_config.ts";
import type { ModelConfig } from "../config/schema.ts";
import { readEnv } from "../config/env.ts";
import { startEngine } from "../app/start.ts";
import type { ModelProbe } from "../providers/probe_model.ts";
import { importWhenNeeded } from "../lib/import_when_needed.ts";
import { styleFor } from "../lib/terminal_style.ts";
import { bannerLines, chatModel } from "./banner.ts";
import { VERSION } from "./help_text.ts";
import { configPathFrom, type OptionValues, portFrom } from "./options.ts";
import { type Bind, checkPortFree, STARTUP_REFUSED_CODE, startupProblem } from "./startup_failure.ts";

/** Long enough for a local server's first answer, short enough not to hold up the start. */
const BANNER_PROBE_MS = 3000;

export async function engineCommand(options: OptionValues): Promise<number> {
  const configPath = configPathFrom(options);
  const port = portFrom(options);
  const { config } = await loadConfig(configPath);
  const bind: Bind = { host: config.web.host || "127.0.0.1", port: port ?? config.web.port };
  let probe: ModelProbe | undefined;
  try {
    checkPortFree(bind);
    const model = chatModel(config);
    // Only when a person watches: piped output (services, CI, test rigs) gets no request nobody asked for.
    const probing = model && Deno.stdout.isTerminal() ? probeForBanner(model) : undefined;
    const engine = await startEngine({
      configPath,
      port: bind.port,
      beforeListen: async () => void (probe = await probing),
    });
    const style = styleFor(Deno.stdout, readEnv);
    const lines = bannerLines({
      version: VERSION,
      url: engine.url,
      config,
      workspace: engine.workspace,
      sandbox: engine.sandbox,
      probe,
      style,
    });
    console.log(lines.join("\n"));
    const stop = () => void engine.stop(0);
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
    return await engine.finished;
  } catch (error) {
    const problem = startupProblem(error, bind);
    if (problem === undefined) throw error;
    console.error(problem);
    return STARTUP_REFUSED_CODE;
  }
}

/** The banner's model check; its module (every provider's addresses) is imported only when a person watches. */
async function probeForBanner(model: ModelConfig): Promise<ModelProbe> {
  const { probeModel } = await importWhenNeeded<typeof import("../providers/probe_model.ts")>(
    new URL("../providers/probe_model.ts", import.meta.url),
  );
  return await probeModel(model, { fetch, env: readEnv }, BANNER_PROBE_MS);
}
