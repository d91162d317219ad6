/** `start`: the supervisor and nothing more. Apart from `engine` (engine_command.ts) so this long-lived process
 * loads no config schema, no YAML, no Hono and no providers: a short-lived `engine-plan` child reads the config
 * before each engine start. In a compiled binary both children are the binary itself. */
import { pathOfFileUrl } from "../lib/absolute_path.ts";
import { configPathFrom, type OptionValues, portFrom } from "./options.ts";
import { ENGINE_DENO_FLAGS, ENGINE_V8_FLAGS, type EnginePlan, runSupervisor } from "./supervisor.ts";
import { DENO_JSON } from "./config_rerun.ts";
import { coldPagesDropper } from "../app/cold_pages.ts";

/** main.ts of this checkout (built from its folder: the layer check reads a path literal as an import). */
const MAIN_MODULE = pathOfFileUrl(new URL("../../", import.meta.url)) + "main.ts";

export async function startCommand(options: OptionValues): Promise<number> {
  const configPath = configPathFrom(options);
  return await runSupervisor({
    plan: () => readEnginePlan(configPath),
    engineCommand: (plan, port) => ({
      command: Deno.execPath(),
      args: [
        ...mainArgs([...plan.flags, ...ENGINE_DENO_FLAGS]),
        "engine",
        "--config",
        plan.configPath,
        ...(port === undefined ? [] : ["--port", String(port)]),
      ],
    }),
    port: portFrom(options),
    releaseMemory: releaseColdPages,
  });
}

function mainArgs(flags: string[]): string[] {
  return programArgs(Deno.build.standalone, flags);
}

/** The arguments before a subcommand's name: `deno run FLAGS --config deno.json main.ts` (the supervisor itself
 * may run without it), or none for a compiled binary (its permissions and V8 flags were fixed when it was built:
 * scripts/compile.ts). */
export function programArgs(compiled: boolean, flags: string[]): string[] {
  return compiled ? [] : ["run", ...flags, ENGINE_V8_FLAGS, "--config", DENO_JSON, MAIN_MODULE];
}

/** Runs `engine-plan`; its messages (a default config written, a refusal) go straight to stderr. */
async function readEnginePlan(configPath: string): Promise<EnginePlan | number> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [...mainArgs(["--allow-all"]), "engine-plan", "--config", configPath],
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!output.success) return output.code;
  const text = new TextDecoder().decode(output.stdout).trim();
  const plan = parsePlan(text.slice(text.lastIndexOf("\n") + 1));
  if (!plan) throw new Error(`The engine plan is not what "engine-plan" should print: ${text.slice(0, 500)}`);
  return plan;
}

function parsePlan(line: string): EnginePlan | undefined {
  try {
    const plan = JSON.parse(line) as EnginePlan;
    const valid = typeof plan.configPath === "string" && Array.isArray(plan.flags) &&
      plan.flags.every((flag) => typeof flag === "string") && Number.isInteger(plan.crashRestartBudget) &&
      typeof plan.crashWindowSeconds === "number";
    return valid ? plan : undefined;
  } catch {
    return undefined;
  }
}

/** The supervisor's pages of Deno's own code and data, unmapped once it only waits for the engine. */
function releaseColdPages(): void {
  coldPagesDropper()?.();
}
