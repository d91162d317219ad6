/** `start`: the supervisor and nothing more. Apart from `engine` (engine_command.ts) so this long-lived process
 * loads no config schema, no YAML, no Hono and no providers: a short-lived `engine-plan` child reads the config
 * before each engine start. In a compiled binary both children are the binary itself. */
import { pathOfFileUrl } from "../lib/absolute_path.ts";
import { configPathFrom, type OptionValues, portFrom } from "./options.ts";
import { ENGINE_DENO_FLAGS, ENGINE_V8_FLAGS, type EnginePlan, runSupervisor } from "./supervisor.ts";
import { DENO_JSON } from "./config_rerun.ts";
import { coldPagesDropper } from "../app/cold_pages.ts";

/** This checkout's folder (built from it: the layer check reads a path literal as an import). */
const ROOT = pathOfFileUrl(new URL("../../", import.meta.url));
const MAIN_MODULE = ROOT + "main.ts";
/** What the engine runs besides main.ts's module graph: its workers and the sub-agents' processes. */
const OTHER_ENTRIES = [
  "src/engine/sub_agents/child_main.ts",
  "src/audit/verify_worker.ts",
  "src/tools/grep_worker.ts",
];

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

/** The `deno` command that transpiles every module the engine runs into Deno's cache, or none for a compiled
 * binary (its modules were transpiled when it was built). From main.ts it reaches the engine's modules, Shield's
 * and the providers' too: main.ts and the modules importing others when needed name them in type imports. */
export function transpileArgs(compiled: boolean): string[] | undefined {
  if (compiled) return undefined;
  return ["cache", "--config", DENO_JSON, MAIN_MODULE, ...OTHER_ENTRIES.map((path) => ROOT + path)];
}

/** Runs a child `deno` with `args` to its end: its exit code and, when asked for, what it printed. */
export type DenoRunner = (
  args: string[],
  stdout: "piped" | "null",
) => Promise<{ code: number; stdout: string }>;

const runDeno: DenoRunner = async (args, stdout) => {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    stdin: "null",
    stdout,
    stderr: stdout === "piped" ? "inherit" : "null",
  }).output();
  return { code: output.code, stdout: stdout === "piped" ? new TextDecoder().decode(output.stdout) : "" };
};

/** Runs `engine-plan` (its messages, a default config written or a refusal, go straight to stderr) and, beside
 * it, `deno cache` on the checkout: an engine that transpiles its own modules (its first start after a checkout
 * or an upgrade) keeps about 30 MB more C heap for as long as it runs; read from the cache, none. What the cache
 * step prints or how it ends changes nothing: an engine that cannot load its modules says so itself. */
export async function readEnginePlan(
  configPath: string,
  run: DenoRunner = runDeno,
  compiled = Deno.build.standalone,
): Promise<EnginePlan | number> {
  const transpile = transpileArgs(compiled);
  const [output] = await Promise.all([
    run([...programArgs(compiled, ["--allow-all"]), "engine-plan", "--config", configPath], "piped"),
    transpile ? run(transpile, "null").catch(() => undefined) : undefined,
  ]);
  if (output.code !== 0) return output.code;
  const text = output.stdout.trim();
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
