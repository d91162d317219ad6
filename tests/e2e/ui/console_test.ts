import { assert, assertEquals } from "../../support/assert.ts";
import { WsClient } from "../../support/ws_client.ts";
import { E2E, openApp, sendChat, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

Deno.test({
  name: "Web console: live log, audit chain, metrics, status, settings and memory pages",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi();
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);
      llm.enqueue({ toolCalls: [{ name: "list_directory", arguments: { path: "." } }] }, { text: "Listed." });
      await sendChat(page, "List the workspace");
      await waitForTurnEnd(page);

      await t.step("the live log shows new log_entry events, with level and event filters", async () => {
        await page.goto(`${engine.url}/#/console/logs`);
        await page.waitForSelector('[data-connection="open"]');
        await page.waitForSelector(".log-list");
        const sessionId =
          ((await (await fetch(`${engine.url}/api/sessions`)).json()) as { id: string }[])[0].id;
        const client = await WsClient.connectWithKey(engine.wsUrl, sessionId);
        try {
          client.send({ type: "command", session_id: sessionId, content: "/status" });
          await client.waitFor("command_result");
        } finally {
          await client.close();
        }
        const row = page.locator(".log-row", { hasText: "Ran /status" }).last();
        await row.waitFor();
        // Read-only commands such as /status log at debug level.
        assertEquals(await row.getAttribute("data-level"), "debug");
        await page.fill('.toolbar input[type="search"]', "no-such-event-name");
        await row.waitFor({ state: "detached" });
        await page.fill('.toolbar input[type="search"]', "");
        await page.selectOption(".toolbar select", "error");
        await row.waitFor({ state: "detached" });
        assertEquals(await page.locator('.log-row:not([data-level="error"])').count(), 0);
        await page.selectOption(".toolbar select", "debug");
        await row.waitFor();
        await page.selectOption(".toolbar select", "all");
      });

      await t.step("the audit page verifies the hash chain and lists entries", async () => {
        await page.click('.tabs a[href="#/console/audit"]');
        const chain = page.locator(".chain");
        await chain.waitFor();
        assertEquals(await chain.getAttribute("data-chain"), "valid");
        assert((await chain.textContent())!.includes("Chain valid"));
        assert(await page.locator(".audit-table tbody tr").count() > 0, "audit entries are listed");
      });

      await t.step("the metrics page draws its charts", async () => {
        await page.click('.tabs a[href="#/console/metrics"]');
        await page.waitForSelector(".chart svg");
        assert(await page.locator(".chart svg").count() >= 4, "tokens, latency and Shield charts are drawn");
        assert(await page.locator(".chart svg rect.bar").count() > 0, "the charts have bars");
        await page.selectOption(".toolbar select", "weekly");
        await page.waitForSelector(".chart svg");
      });

      await t.step("the status page shows model, Shield and sandbox", async () => {
        await page.click('.tabs a[href="#/console/status"]');
        const grid = page.locator(".status-grid");
        await grid.waitFor();
        const text = (await grid.textContent()) ?? "";
        assert(text.includes("fake-model"), "the model is shown");
        assert(text.includes("Shield") && text.includes("Sandbox") && text.includes("of 100 used today"));
      });

      await t.step("settings are read-only, grouped, with how to change them", async () => {
        await page.click('.sidebar-nav a[href="#/settings"]');
        await page.waitForSelector(".settings-grid");
        assert(/read-only/i.test((await page.textContent(".settings-page .notice-info"))!));
        const titles = await page.locator(".settings-grid h3").allTextContents();
        for (const title of ["Agent", "Chat model", "Shield", "Web server"]) {
          assert(titles.includes(title), `group "${title}"`);
        }
        assert((await page.textContent(".settings-grid"))!.includes("/model"));
        assertEquals(await page.locator(".settings-page input, .settings-page textarea").count(), 0);
      });

      await t.step("memory files are shown and searchable", async () => {
        await Deno.writeTextFile(
          `${engine.workspace}/MEMORY.md`,
          "# Memory\n\n## Preferences\n- Likes tabs over spaces\n",
        );
        await page.click('.sidebar-nav a[href="#/memory"]');
        await page.waitForSelector(".memory-page");
        await page.waitForSelector(".memory-file .markdown h1, .memory-page .empty-note");
        assertEquals(await page.textContent(".memory-file .markdown h1"), "Memory");
        await page.click('.memory-page .tabs a[href="#/memory/USER.md"]');
        await page.waitForSelector(".memory-file, .memory-page .empty-note, .memory-page .notice-error");
        await page.fill("#memory-q", "tabs");
        await page.press("#memory-q", "Enter");
        await page.waitForSelector(".memory-results li a >> text=MEMORY.md");
      });

      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
