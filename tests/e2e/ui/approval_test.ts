import { assert, assertEquals } from "../../support/assert.ts";
import { E2E, openApp, sendChat, setTabHidden, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

// A Tier 0 rule that sends one harmless command to the human (Tier 3), so the test controls the escalation.
const POLICY = `rules:
  - name: ask-me
    action: escalate
    tools: ["execute_command"]
    commands: ["^echo approve-me"]
    tier: 3
    reason: test
`;

async function writePolicy(workspace: string): Promise<Record<string, unknown>> {
  const path = `${workspace}/ask_policy.yaml`;
  await Deno.writeTextFile(path, POLICY);
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
        assertEquals(await page.locator(".approval-card .btn-approve").count(), 0);
      });

      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
