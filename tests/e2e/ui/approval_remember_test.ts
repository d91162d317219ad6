/** The web approval card offers "allow from now on" with the one scope the request carries; ticking it (or R)
 * and approving writes the learned rule, and the next action of that scope runs without a card. */
import { assert, assertEquals } from "../../support/assert.ts";
import { E2E, openApp, sendChat, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

// Settings a human should see: Tier 1 escalates them (debug on, every host allowed); no Tier 2 is configured,
// so the human decides.
const LOOSE = "DEBUG = True\nALLOWED_HOSTS = ['*']\n";
const write = {
  toolCalls: [{ name: "write_file", arguments: { path: "config/settings.py", content: LOOSE } }],
};

async function prepare(root: string): Promise<Record<string, unknown>> {
  await Deno.mkdir(`${root}/policies`, { recursive: true });
  await Deno.writeTextFile(`${root}/policies/policy.yaml`, "rules: []\n");
  return { shield: { policy_file: `${root}/policies/policy.yaml`, tier3: { timeout_seconds: 120 } } };
}

Deno.test({
  name: "Web approvals: allow from now on learns the card's scope",
  ...E2E,
  fn: async () => {
    const fx = await startUi({ prepare });
    const { page, llm, engine } = fx;
    try {
      await openApp(page, engine.url);
      llm.enqueue(write, { text: "Updated." });
      await sendChat(page, "Loosen the settings");
      const card = page.locator(".approval-card").last();
      await card.waitFor();
      const remember = card.locator(".approval-remember");
      assertEquals(
        (await remember.textContent())?.trim(),
        'Allow "write_file" on config/settings.py from now on R',
      );
      await card.focus();
      await page.keyboard.press("r");
      assertEquals(await remember.locator("input").isChecked(), true);
      await page.keyboard.press("a");
      await card.locator(".approval-outcome", { hasText: "Approved" }).waitFor();
      await waitForTurnEnd(page);
      const learned = await Deno.readTextFile(`${engine.root}/policies/learned.yaml`);
      assert(learned.includes("learned: write_file on config/settings.py"), learned);

      const cards = await page.locator(".approval-card").count();
      llm.enqueue(write, { text: "Updated again." });
      await sendChat(page, "Once more");
      await waitForTurnEnd(page);
      assertEquals(await page.locator(".approval-card").count(), cards, "no new approval card");
      assertEquals(fx.ui.errors, []);
    } finally {
      await fx.close();
    }
  },
});
