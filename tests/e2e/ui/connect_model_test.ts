/** The "connect a model" card: shown when the chat model does not answer, naming the address tried; gone once
 * "Check again" finds it answering. */
import { assert } from "../../support/assert.ts";
import { freePort } from "../../support/engine_harness.ts";
import { openApp, startUi } from "./_ui_fixture.ts";

Deno.test("web UI: the connect-a-model card names the URL tried and clears once the model answers", async () => {
  const port = freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  const fx = await startUi({
    config: { models: [{ name: "fake", provider: "openai", model: "fake-model", base_url: base }] },
  });
  let server: Deno.HttpServer | undefined;
  try {
    await openApp(fx.page, fx.engine.url);
    const card = fx.page.locator('[aria-label="Connect a model"]');
    await card.waitFor();
    const text = await card.innerText();
    assert(text.includes(`The chat model "fake" (openai fake-model) does not answer`), text);
    assert(text.includes(`${base}/models`), text);
    assert(text.includes("Cannot reach"), text);
    assert(text.includes("deno task start -- init"), text);

    server = Deno.serve(
      { hostname: "127.0.0.1", port, onListen: () => {} },
      () => Response.json({ object: "list", data: [{ id: "fake-model", object: "model" }] }),
    );
    await card.getByRole("button", { name: "Check again" }).click();
    await card.waitFor({ state: "detached" });
  } finally {
    await server?.shutdown();
    await fx.close();
  }
});
