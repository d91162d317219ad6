import { assert, assertEquals } from "../../support/assert.ts";
import { currentSessionId, E2E, getJson, openApp, sendChat, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

Deno.test({
  name: "Web chat: streaming, Markdown safety, tool cards, commands, cancel and errors",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi();
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);

      await t.step("a sent message creates a session and the reply streams in as Markdown", async () => {
        llm.enqueue({
          text: ["Hello ", "from ", "the ", "**agent**", "\n\n```js\n", "console.log(1)\n", "```\n"],
          chunkDelayMs: 150,
        });
        await sendChat(page, "Say hello");
        await page.waitForSelector(".msg-user >> text=Say hello");
        const streaming = await page.waitForSelector(".msg-assistant.is-streaming .markdown");
        assert(
          (await streaming.textContent())!.startsWith("Hello"),
          "streamed text appears before the reply completes",
        );
        await waitForTurnEnd(page);
        assertEquals(await page.textContent(".msg-assistant .markdown strong"), "agent");
        assertEquals((await page.textContent(".msg-assistant .md-code pre"))!.trim(), "console.log(1)");
        assertEquals(await page.locator(".msg-assistant .md-copy").count(), 1);
        assert(
          /\d+ in · \d+ out/.test((await page.textContent(".msg-assistant .usage")) ?? ""),
          "token usage is shown",
        );
        const sessionId = currentSessionId(page);
        const stored = await getJson(`${engine.url}/api/sessions/${sessionId}/messages`);
        assertEquals((stored.body as { role: string }[]).map((m) => m.role), ["user", "assistant"]);
      });

      await t.step("HTML and javascript: links in agent output are rendered inert", async () => {
        llm.enqueue({
          text: ["Look ", "<img src=x onerror=alert(1)>", " and ", "[x](javascript:alert(1))", " done"],
          chunkDelayMs: 50,
        });
        await sendChat(page, "Show me something dangerous");
        await waitForTurnEnd(page);
        await page.waitForTimeout(500);
        const last = page.locator(".msg-assistant").last();
        assert(
          (await last.textContent())!.includes("<img src=x onerror=alert(1)>"),
          "raw HTML is shown as text",
        );
        assertEquals(await page.locator("img[onerror]").count(), 0);
        assertEquals(await page.locator('a[href^="javascript:" i]').count(), 0);
        assertEquals(await last.locator("a", { hasText: "x" }).getAttribute("href"), null);
        assertEquals(fx.ui.dialogs, []);
      });

      await t.step(
        "a tool call shows a card with arguments, Shield verdict, result and duration",
        async () => {
          await Deno.writeTextFile(`${engine.workspace}/notes.txt`, "remember the milk\n");
          llm.enqueue(
            { toolCalls: [{ name: "list_directory", arguments: { path: "." } }], text: "Let me look." },
            { text: "The workspace has notes.txt." },
          );
          await sendChat(page, "What is in the workspace?");
          await waitForTurnEnd(page);
          const card = page.locator('.tool-card[data-tool="list_directory"]').last();
          await card.waitFor();
          const badge = card.locator(".tool-verdict .badge").first();
          assertEquals(await badge.getAttribute("data-decision"), "ALLOW");
          assert((await badge.textContent())!.includes("Tier"), "the verdict shows its tier");
          await card.locator(".tool-args summary").click();
          assert((await card.locator(".tool-args pre").textContent())!.includes('"path": "."'));
          assert(
            (await card.locator(".tool-result pre").textContent())!.includes("notes.txt"),
            "the result lists the file",
          );
          assert(
            /\d+ (ms|s)/.test((await card.locator(".tool-duration").textContent()) ?? ""),
            "duration is shown",
          );
          assertEquals(
            (await page.textContent(".msg-assistant >> nth=-1 >> .markdown"))?.trim(),
            "The workspace has notes.txt.",
          );
        },
      );

      await t.step("thoughts of a reply are shown on demand", async () => {
        const toggle = page.locator(".msg-assistant .link-btn", { hasText: "Show thoughts" }).last();
        await toggle.click();
        assert((await page.locator(".thoughts").last().textContent())!.includes("list_directory"));
      });

      await t.step("slash commands complete from the list and run as command frames", async () => {
        await page.fill("#composer-input", "/he");
        await page.waitForSelector("#command-menu >> text=/help");
        await page.press("#composer-input", "Tab");
        assertEquals(await page.inputValue("#composer-input"), "/help ");
        await page.press("#composer-input", "Enter");
        const result = page.locator(".command-result").last();
        await result.waitFor();
        assert((await result.textContent())!.includes("/new"), "the /help text lists commands");
      });

      await t.step("Stop cancels a streaming reply", async () => {
        const words = Array.from({ length: 200 }, (_, i) => `word${i} `);
        llm.enqueue({ text: words, chunkDelayMs: 100 });
        await sendChat(page, "Tell me a long story");
        await page.waitForSelector(".msg-assistant.is-streaming .markdown");
        await page.click(".composer .btn-stop");
        await waitForTurnEnd(page);
        const text = (await page.locator(".msg-assistant").last().textContent()) ?? "";
        assert(!text.includes("word199"), "the reply stopped before its end");
        assertEquals(await page.locator(".composer .btn-primary").count(), 1);
      });

      await t.step("an LLM failure is shown inline with its code", async () => {
        llm.enqueue({ status: 400, body: JSON.stringify({ error: { message: "bad request from test" } }) });
        await sendChat(page, "This will fail");
        const notice = page.locator(".notice-error").last();
        await notice.waitFor();
        assertEquals(await notice.locator(".notice-code").textContent(), "LLM_CALL_FAILED");
        await waitForTurnEnd(page);
      });

      await t.step("Shift+Enter adds a line instead of sending", async () => {
        await page.fill("#composer-input", "line one");
        await page.press("#composer-input", "Shift+Enter");
        await page.type("#composer-input", "line two");
        assertEquals(await page.inputValue("#composer-input"), "line one\nline two");
        await page.fill("#composer-input", "");
      });

      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
