import { assert, assertEquals } from "../support/assert.ts";
import { staticClosure } from "../support/static_imports.ts";

/** What the engine loads at start whatever its config says: `engine` and everything it imports statically. */
const engineClosure = () => staticClosure(["src/cli/engine_command.ts"]);

Deno.test("engine imports: no channel module is loaded before a channel is enabled (channel_wiring.ts is loaded then)", async () => {
  const modules = await engineClosure();
  assert(modules.some((specifier) => specifier.endsWith("/src/app/channels.ts")), modules.join("\n"));
  assertEquals(modules.filter((specifier) => /\/src\/channels\//.test(specifier)), []);
  assertEquals(modules.filter((specifier) => specifier.endsWith("/src/app/channel_wiring.ts")), []);
});

Deno.test("engine imports: no provider module is loaded before a model is called or probed", async () => {
  const modules = await engineClosure();
  const providers = modules.filter((specifier) => /\/src\/providers\//.test(specifier));
  // complete.ts turns Shield's Tier 2 request into one model call; it imports no provider.
  assertEquals(providers.filter((specifier) => !specifier.endsWith("/src/providers/complete.ts")), []);
});
