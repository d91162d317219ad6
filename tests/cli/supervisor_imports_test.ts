import { assert, assertEquals } from "../support/assert.ts";
import { ROOT, staticClosure } from "../support/static_imports.ts";

/** Every module `start` loads before the engine exists: main.ts and start_command.ts with their static imports
 * (the other subcommands are dynamic imports main.ts never makes when it runs `start`). */
/** The app modules start may load: the engine service interface and the memory helpers (libc through FFI). */
const LIGHT_APP_MODULES = ["lifecycle.ts", "cold_pages.ts", "malloc_trim.ts"];

const startClosure = () => staticClosure(["main.ts", "src/cli/start_command.ts"]);

Deno.test("supervisor: start loads no npm package, config schema, Hono, provider or engine module", async () => {
  const modules = await startClosure();
  assert(modules.some((specifier) => specifier.endsWith("/src/cli/supervisor.ts")), modules.join("\n"));
  const heavy = modules.filter((specifier) =>
    specifier.startsWith("npm:") ||
    /\/src\/(config|providers|engine|routes|shield|store|tools|channels|ws)\//.test(specifier) ||
    (/\/src\/app\//.test(specifier) &&
      !LIGHT_APP_MODULES.some((name) => specifier.endsWith(`/src/app/${name}`)))
  );
  assertEquals(heavy, []);
  // Deno's Node layer costs the long-lived process memory: node:util's parseArgs (the command line) alone.
  assertEquals(modules.filter((specifier) => specifier.startsWith("node:")), ["node:util"]);
  // A JSON module (deno.json, for --help and --version) costs it too: help is imported only when asked for.
  assertEquals(modules.filter((specifier) => specifier.endsWith(".json")), []);
});

Deno.test("supervisor: no module start loads imports anything at run time (only main.ts picks a subcommand)", async () => {
  const main = new URL("main.ts", `file://${ROOT}`).href;
  // import_when_needed.ts is the helper itself: what counts is who calls it.
  const helper = new URL("src/lib/import_when_needed.ts", `file://${ROOT}`).href;
  const local = (await startClosure()).filter((specifier) =>
    specifier.startsWith("file:") && specifier !== main && specifier !== helper
  );
  assert(local.length > 3, local.join("\n"));
  // A run-time import is not in the module graph above: its specifier is built at run time.
  const importing = local.filter((specifier) => {
    const text = Deno.readTextFileSync(new URL(specifier));
    return /\bimport\s*\(|importWhenNeeded\s*\(/.test(text.replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, ""));
  });
  assertEquals(importing, []);
});
