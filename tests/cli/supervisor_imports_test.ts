import { assert, assertEquals } from "../support/assert.ts";
import { fromFileUrl } from "../support/paths.ts";

const ROOT = fromFileUrl(new URL("../../", import.meta.url));

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** Every module `start` loads before the engine exists: main.ts and start_command.ts with their static imports
 * (the other subcommands are dynamic imports main.ts never makes when it runs `start`). */
async function startClosure(): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(output.success, new TextDecoder().decode(output.stderr));
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: InfoModule[];
    redirects: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((module) => [module.specifier, module]));
  const resolve = (specifier: string) => info.redirects[specifier] ?? specifier;
  const seen = new Set<string>();
  const visit = (specifier: string) => {
    const resolved = resolve(specifier);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const dependency of bySpecifier.get(resolved)?.dependencies ?? []) {
      if (dependency.code && !dependency.isDynamic) visit(dependency.code.specifier);
    }
  };
  const main = new URL("main.ts", `file://${ROOT}`).href;
  visit(main);
  visit(new URL("src/cli/start_command.ts", `file://${ROOT}`).href);
  return [...seen];
}

Deno.test("supervisor: start loads no npm package, config schema, Hono, provider or engine module", async () => {
  const modules = await startClosure();
  assert(modules.some((specifier) => specifier.endsWith("/src/cli/supervisor.ts")), modules.join("\n"));
  const heavy = modules.filter((specifier) =>
    specifier.startsWith("npm:") ||
    /\/src\/(config|providers|engine|routes|shield|store|tools|channels|ws)\//.test(specifier) ||
    (/\/src\/app\//.test(specifier) && !specifier.endsWith("/src/app/lifecycle.ts"))
  );
  assertEquals(heavy, []);
});
