import { assert, assertEquals } from "../../support/assert.ts";
import {
  currentSessionId,
  E2E,
  getJson,
  openApp,
  sendChat,
  startUi,
  waitForExpression,
  waitForTurnEnd,
} from "./_ui_fixture.ts";

interface SessionRow {
  id: string;
  title: string;
  mode: string;
}

Deno.test({
  name: "Web sessions: create, rename, search, delete, OTR banner and the phone-width drawer",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi();
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);
      let sessionId = "";

      await t.step("New chat creates a session that is listed and opened", async () => {
        await page.click(".sidebar-actions .btn-primary");
        await page.waitForURL(/#\/chat\//);
        sessionId = currentSessionId(page);
        await page.waitForSelector(`.session-item[data-session-id="${sessionId}"].is-active`);
        const listed = (await getJson(`${engine.url}/api/sessions`)).body as SessionRow[];
        assert(listed.some((s) => s.id === sessionId), "the engine lists the new session");
      });

      await t.step("a session is renamed inline", async () => {
        const item = page.locator(`.session-item[data-session-id="${sessionId}"]`);
        await item.locator('button[title="Rename"]').click();
        await page.fill(`#rename-${sessionId}`, "Quarterly pineapple plan");
        await page.press(`#rename-${sessionId}`, "Enter");
        await item.locator(".session-title", { hasText: "Quarterly pineapple plan" }).waitFor();
        const stored = (await getJson(`${engine.url}/api/sessions/${sessionId}`)).body as SessionRow;
        assertEquals(stored.title, "Quarterly pineapple plan");
        assertEquals(await page.textContent(".page-title"), "Quarterly pineapple plan");
      });

      await t.step("search finds a session by its messages", async () => {
        llm.enqueue({ text: "Noted." });
        await sendChat(page, "The zeppelin arrives on Tuesday");
        await waitForTurnEnd(page);
        await page.click(".sidebar-actions .btn-primary");
        await page.waitForURL((url) => !url.hash.includes(sessionId));
        await page.fill("#session-search", "zeppelin");
        const result = page.locator(".search-results .session-item").first();
        await result.waitFor();
        assert((await result.textContent())!.includes("Quarterly pineapple plan"));
        // The engine marks the hit in the snippet; the page shows it highlighted, without the markers.
        assertEquals(
          (await result.locator(".search-snippet mark").first().textContent())?.toLowerCase(),
          "zeppelin",
        );
        assert(!(await result.locator(".search-snippet").textContent())!.includes("["), "no raw hit markers");
        await result.locator("a").click();
        await page.waitForURL(new RegExp(`#/chat/${sessionId}$`));
        await page.waitForSelector(".msg-user >> text=The zeppelin arrives on Tuesday");
        await page.fill("#session-search", "");
      });

      await t.step("a session is deleted after confirmation", async () => {
        const item = page.locator(`.session-item[data-session-id="${sessionId}"]`);
        await item.locator('button[title="Delete"]').click();
        await item.locator(".session-confirm .btn-danger").click();
        await item.waitFor({ state: "detached" });
        assertEquals((await getJson(`${engine.url}/api/sessions/${sessionId}`)).status, 404);
        await page.waitForURL((url) => url.hash === "#/" || url.hash === "");
      });

      await t.step("an OTR session looks different and says nothing is kept", async () => {
        await page.click(".sidebar-actions .btn-otr");
        await page.waitForURL(/#\/chat\//);
        const banner = page.locator(".otr-banner");
        await banner.waitFor();
        assert((await banner.textContent())!.includes("Nothing from this session is kept"));
        assertEquals(await page.locator(".chat-view.is-otr").count(), 1);
        assertEquals(await page.locator(".composer.is-otr").count(), 1);
        const otrId = currentSessionId(page);
        await page.waitForSelector(`.session-item.is-otr[data-session-id="${otrId}"]`);
        const stored = (await getJson(`${engine.url}/api/sessions/${otrId}`)).body as SessionRow;
        assertEquals(stored.mode, "otr");
      });

      await t.step("at 375 px the sidebar is a drawer opened from the header", async () => {
        await page.setViewportSize({ width: 375, height: 740 });
        // The drawer slides (0.2 s), so wait for where it comes to rest.
        await waitForExpression(
          page,
          "document.querySelector('#sidebar').getBoundingClientRect().right <= 1",
        );
        await page.click(".drawer-toggle");
        await waitForExpression(page, "document.querySelector('#sidebar').getBoundingClientRect().x >= 0");
        await page.keyboard.press("Escape");
        await waitForExpression(
          page,
          "document.querySelector('#sidebar').getBoundingClientRect().right <= 1",
        );
        const overflow = await page.evaluate(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        );
        assertEquals(overflow, 0);
        await page.setViewportSize({ width: 1280, height: 800 });
      });

      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
