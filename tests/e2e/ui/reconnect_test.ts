import { assert, assertEquals } from "../../support/assert.ts";
import { currentSessionId, E2E, openApp, sendChat, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

Deno.test({
  name:
    "Web connection: shows Reconnecting… while the engine restarts, then refetches the session and works again",
  ...E2E,
  fn: async () => {
    const fx = await startUi();
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);
      llm.enqueue({ text: "First answer." });
      await sendChat(page, "Before the restart");
      await waitForTurnEnd(page);
      const sessionId = currentSessionId(page);

      const restarting = engine.restart();
      await page.waitForSelector('[data-connection="reconnecting"]');
      assert((await page.textContent(".conn-banner"))!.includes("Reconnecting…"));
      await restarting;
      await page.waitForSelector('[data-connection="open"]', { timeout: 30_000 });
      await page.waitForSelector(".conn-banner", { state: "detached" });

      assertEquals(currentSessionId(page), sessionId);
      await page.waitForSelector(".msg-user >> text=Before the restart");
      await page.waitForSelector(".msg-assistant >> text=First answer.");

      llm.enqueue({ text: "Second answer." });
      await sendChat(page, "After the restart");
      await page.waitForSelector(".msg-assistant >> text=Second answer.");
      await waitForTurnEnd(page);
      assertEquals(
        fx.ui.errors.filter((e) => !e.includes("WebSocket") && !e.includes("Failed to load resource")),
        [],
      );
    } finally {
      await fx.close();
    }
  },
});
