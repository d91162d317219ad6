import { assert, assertEquals } from "../../support/assert.ts";
import {
  currentSessionId,
  E2E,
  openApp,
  sendChat,
  setTabHidden,
  startUi,
  waitForTurnEnd,
} from "./_ui_fixture.ts";

// A Tier 0 rule that sends one harmless command to the human (Tier 3), so the test controls the escalation.
const POLICY = `rules:
  - name: ask-me
    action: escalate
    tools: ["execute_command"]
    commands: ["^echo approve-me"]
    tier: 3
    reason: test
  - name: ask-write
    action: escalate
    tools: ["write_file"]
    paths: ["approve-me/**"]
    tier: 3
    reason: test write
`;

async function writePolicy(root: string): Promise<Record<string, unknown>> {
  const path = `${root}/ask_policy.yaml`;
  await Deno.writeTextFile(path, POLICY);
  const workspace = `${root}/workspace`;
  await Deno.mkdir(`${workspace}/approve-me`, { recursive: true });
  await Deno.writeTextFile(`${workspace}/approve-me/plan.md`, "# Plan\nstep one\nstep two\n");
  return { shield: { policy_file: path, tier3: { timeout_seconds: 120 } } };
}

Deno.test({
  name: "Web approvals: Tier 3 requests are approved and denied from the page",
  ...E2E,
  fn: async (t) => {
    const fx = await startUi({ prepare: writePolicy });
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);

      await t.step(
        "the approval card counts down, announces itself in a hidden tab, and A approves",
        async () => {
          llm.enqueue(
            { toolCalls: [{ name: "execute_command", arguments: { command: "echo approve-me first" } }] },
            { text: "The command ran." },
          );
          // Pretend the tab is in the background so the title announcement is visible.
          await setTabHidden(page, true);
          await sendChat(page, "Run the approval command");
          const card = page.locator(".approval-card").last();
          await card.waitFor();
          assertEquals(await card.locator(".tool-name").textContent(), "execute_command");
          assert((await card.locator(".approval-target").textContent())!.includes("echo approve-me"));
          assert(
            /\d/.test((await card.locator(".approval-timer").textContent()) ?? ""),
            "a countdown is shown",
          );
          assertEquals(await page.title(), "(1) Approval needed — Parapet");
          await setTabHidden(page, false);
          assertEquals(await page.title(), "Parapet");
          await card.focus();
          await page.keyboard.press("a");
          await card.locator(".approval-outcome", { hasText: "Approved" }).waitFor();
          await waitForTurnEnd(page);
          assert((await card.locator(".approval-outcome").textContent())!.startsWith("Approved"));
          const tool = page.locator('.tool-card[data-tool="execute_command"]').last();
          assertEquals(
            await tool.locator(".tool-verdict .badge").first().getAttribute("data-decision"),
            "ALLOW",
          );
          assert(
            (await tool.locator(".tool-result pre").textContent())!.includes("approve-me first"),
            "the approved command ran",
          );
        },
      );

      await t.step("Deny refuses the action and the card says so", async () => {
        llm.enqueue(
          { toolCalls: [{ name: "execute_command", arguments: { command: "echo approve-me second" } }] },
          { text: "It was denied." },
        );
        await sendChat(page, "Run it again");
        const card = page.locator(".approval-card").last();
        await card.locator(".btn-deny").waitFor();
        await card.locator(".btn-deny").click();
        await card.locator(".approval-outcome", { hasText: "Denied" }).waitFor();
        await waitForTurnEnd(page);
        const tool = page.locator('.tool-card[data-tool="execute_command"]').last();
        assertEquals(
          await tool.locator(".tool-verdict .badge").first().getAttribute("data-decision"),
          "BLOCK",
        );
        // A refused action reads "Blocked", not "Failed", and does not repeat the refusal as an error.
        assertEquals((await tool.locator(".tool-status").textContent())?.trim(), "Blocked");
        assertEquals(await tool.locator(".tool-result").count(), 0);
        assertEquals(await page.locator(".approval-card .btn-approve").count(), 0);
      });

      await t.step("reopened and reloaded, the cards keep their action ids and outcomes", async () => {
        const cards = page.locator('.tool-card[data-tool="execute_command"]');
        const liveIds = await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-action-id")));
        assertEquals(liveIds.length, 2);
        assert(liveIds.every((id) => id?.startsWith("a_")), "live cards carry the engine's action ids");
        const sessionId = currentSessionId(page);

        // Reopening within the page matches stored tool messages to the live cards by action_id.
        await page.evaluate(`location.hash = "#/"`);
        await cards.first().waitFor({ state: "detached" });
        await page.evaluate(`location.hash = "#/chat/${sessionId}"`);
        await cards.nth(1).waitFor();
        const decisions = await cards.evaluateAll((els) =>
          els.map((el) => el.querySelector(".tool-verdict .badge")?.getAttribute("data-decision"))
        );
        assertEquals(decisions, ["ALLOW", "BLOCK"]);
        assertEquals(
          await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-action-id"))),
          liveIds,
        );

        // After a full reload only the stored messages are left: ids still match, the denial is still shown.
        await page.reload();
        await page.waitForSelector('[data-connection="open"]');
        await cards.nth(1).waitFor();
        assertEquals(
          await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-action-id"))),
          liveIds,
        );
        assertEquals(
          await cards.nth(1).locator(".tool-verdict .badge").getAttribute("data-decision"),
          "BLOCK",
        );
        assert((await cards.first().locator(".tool-result pre").textContent())!.includes("approve-me first"));
      });

      await t.step(
        "a write's card shows every argument, the diff, and the agent's words as untrusted",
        async () => {
          const content = "# Plan\nstep one\nstep 2, rewritten\n" + "filler line\n".repeat(80);
          llm.enqueue(
            {
              toolCalls: [{ name: "write_file", arguments: { path: "approve-me/plan.md", content } }],
              text: "Routine update, the user asked for it.",
            },
            { text: "Not written." },
          );
          await sendChat(page, "Update the plan");
          const card = page.locator(".approval-card").last();
          await card.locator(".btn-deny").waitFor();
          const args = card.locator(".approval-args");
          assertEquals(await args.locator("dt").allTextContents(), ["path", "content"]);
          assertEquals(
            await args.locator("dd pre").last().textContent(),
            content,
            "the whole content is shown",
          );
          const scrolls = await args.evaluate((el) => el.scrollHeight > el.clientHeight);
          assert(scrolls, "long arguments scroll inside the card");
          assertEquals(await card.locator(".approval-diff .diff-del").allTextContents(), ["-step two"]);
          assert(
            (await card.locator(".approval-diff .diff-add").first().textContent())!.includes(
              "step 2, rewritten",
            ),
          );
          const untrusted = card.locator(".approval-untrusted");
          assert((await untrusted.locator("figcaption").textContent())!.toLowerCase().includes("untrusted"));
          assertEquals(
            await untrusted.locator("blockquote").textContent(),
            "Routine update, the user asked for it.",
          );
          assert((await card.locator(".approval-reason").textContent())!.includes("test write"));
          await card.locator(".btn-deny").click();
          await card.locator(".approval-outcome", { hasText: "Denied" }).waitFor();
          await waitForTurnEnd(page);
          assertEquals(
            await Deno.readTextFile(`${engine.workspace}/approve-me/plan.md`),
            "# Plan\nstep one\nstep two\n",
          );
        },
      );

      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
