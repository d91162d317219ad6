/** Saves docs/screenshots/connect_model_card.png: the chat page when the chat model does not answer.
 * Run: deno run -A tests/e2e/ui/capture_connect_model.ts  (not a test: it writes into docs/). */
import { freePort } from "../../support/engine_harness.ts";
import { openApp, startUi } from "./_ui_fixture.ts";

const OUT = new URL("../../../docs/screenshots/connect_model_card.png", import.meta.url).pathname;
const fx = await startUi({
  config: {
    models: [{
      name: "fake",
      provider: "ollama",
      model: "llama3.2",
      base_url: `http://127.0.0.1:${freePort()}/v1`,
    }],
  },
  width: 1100,
  height: 560,
});
try {
  await openApp(fx.page, fx.engine.url);
  await fx.page.locator('[aria-label="Connect a model"]').waitFor();
  await fx.page.waitForTimeout(300);
  await fx.page.screenshot({ path: OUT });
  console.log("saved docs/screenshots/connect_model_card.png");
} finally {
  await fx.close();
}
