/** `start` reads the engine plan in a short-lived child and, beside it, has Deno transpile the checkout's modules
 * into its cache, so the engine never transpiles them itself (which would keep ~30 MB more for its lifetime). */
import { assert, assertEquals } from "../support/assert.ts";
import { type DenoRunner, readEnginePlan, transpileArgs } from "../../src/cli/start_command.ts";
import { ROOT } from "../support/static_imports.ts";

const PLAN = {
  configPath: "/w/config.yaml",
  flags: ["--allow-read"],
  crashRestartBudget: 3,
  crashWindowSeconds: 60,
};

/** A runner that answers engine-plan with PLAN and records every command; `cache` ends with `cacheCode`. */
function recorder(cacheCode: number | "throws" = 0) {
  const calls: string[][] = [];
  const run: DenoRunner = (args) => {
    calls.push(args);
    if (args[0] !== "cache") return Promise.resolve({ code: 0, stdout: `note\n${JSON.stringify(PLAN)}\n` });
    if (cacheCode === "throws") return Promise.reject(new Error("deno not found"));
    return Promise.resolve({ code: cacheCode, stdout: "" });
  };
  return { calls, run };
}

Deno.test("start: before each engine start, `deno cache` on main.ts runs beside engine-plan", async () => {
  const { calls, run } = recorder();
  assertEquals(await readEnginePlan("/w/config.yaml", run, false), PLAN);
  assertEquals(calls.length, 2);
  const cache = calls.find((args) => args[0] === "cache");
  assertEquals(cache, transpileArgs(false));
  assert(cache!.some((arg) => arg.endsWith("/main.ts")), cache!.join(" "));
  assert(calls.some((args) => args.includes("engine-plan")));
});

Deno.test("start: a failing cache step changes nothing; a refused plan still ends the start", async () => {
  for (const outcome of [1, "throws"] as const) {
    assertEquals(await readEnginePlan("/w/config.yaml", recorder(outcome).run, false), PLAN);
  }
  const refusing: DenoRunner = (args) =>
    Promise.resolve(args[0] === "cache" ? { code: 0, stdout: "" } : { code: 78, stdout: "" });
  assertEquals(await readEnginePlan("/w/config.yaml", refusing, false), 78);
});

Deno.test("start: a compiled binary runs no cache step (its modules were transpiled when it was built)", async () => {
  const { calls, run } = recorder();
  assertEquals(await readEnginePlan("/w/config.yaml", run, true), PLAN);
  assertEquals(calls, [["engine-plan", "--config", "/w/config.yaml"]]);
  assertEquals(transpileArgs(true), undefined);
});

/** Modules under src/ the engine never runs: the standalone Shield command and a helper of scripts and tests. */
const NOT_THE_ENGINE = ["src/shield/cli_main.ts", "src/lib/seeded_random.ts"];

Deno.test("start: the cache step transpiles every module the engine, its workers and sub-agents run", async () => {
  const [, config, denoJson, ...entries] = transpileArgs(false)!; // cache --config deno.json ENTRY...
  const modules = new Set<string>();
  for (const entry of entries) {
    const args = ["info", "--json", config, denoJson, entry];
    const output = await new Deno.Command(Deno.execPath(), { args, stderr: "null" }).output();
    assert(output.success, `deno info ${entry} failed`);
    const graph = JSON.parse(new TextDecoder().decode(output.stdout)) as { modules: { specifier: string }[] };
    for (const module of graph.modules) modules.add(module.specifier);
  }
  const missing: string[] = [];
  const walk = (folder: string) => {
    for (const entry of Deno.readDirSync(`${ROOT}${folder}`)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (path.endsWith(".ts") && !NOT_THE_ENGINE.includes(path)) {
        if (!modules.has(new URL(path, `file://${ROOT}`).href)) missing.push(path);
      }
    }
  };
  walk("src");
  assert(modules.size > 700, `only ${modules.size} modules`);
  assertEquals(missing, []);
});
