/** Saves screenshots of the main web UI views to docs/screenshots/ from a real engine and the fake LLM.
 * Run: deno run -A tests/e2e/ui/capture_screenshots.ts  (not a test: it writes into docs/). */
import type { Page } from "playwright-core";
import { openApp, sendChat, startUi, waitForTurnEnd } from "./_ui_fixture.ts";

const OUT = new URL("../../../docs/screenshots/", import.meta.url).pathname;
const POLICY = `rules:
  - name: ask-me
    action: escalate
    tools: ["execute_command"]
    commands: ["^rsync "]
    tier: 3
    reason: Commands that publish files need a human
`;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}${name}.png` });
  console.log(`saved docs/screenshots/${name}.png`);
}

await Deno.mkdir(OUT, { recursive: true });
const fx = await startUi({
  prepare: async (root) => {
    await Deno.writeTextFile(`${root}/ask_policy.yaml`, POLICY);
    const workspace = `${root}/workspace`;
    await Deno.mkdir(workspace);
    await Deno.writeTextFile(`${workspace}/notes.txt`, "Buy milk\n");
    await Deno.writeTextFile(
      `${workspace}/MEMORY.md`,
      "# Memory\n\n## Preferences\n- Prefers short answers\n- Works in TypeScript\n",
    );
    // Relative to the config file's folder, as a user would write it.
    return { shield: { policy_file: "ask_policy.yaml" } };
  },
});
const { page, llm, engine } = fx;
try {
  await openApp(page, engine.url);
  for (const title of ["Release checklist", "Trip to Lisbon", "Refactor the parser"]) {
    llm.enqueue({ text: `Sure, let's work on ${title.toLowerCase()}.` });
    await sendChat(page, `Help me with: ${title}`);
    await waitForTurnEnd(page);
    await page.click(".sidebar-actions .btn-primary");
    await page.waitForSelector(".empty-chat");
  }

  llm.enqueue(
    {
      toolCalls: [{ name: "list_directory", arguments: { path: "." } }],
      text: "Let me check the workspace first.",
    },
    {
      text:
        "Your workspace has **notes.txt** and the memory files:\n\n```sh\nls -la\n```\n\nShall I summarise `notes.txt`?",
    },
  );
  await sendChat(page, "What is in my workspace?");
  await waitForTurnEnd(page);
  await shot(page, "chat_tool_card");

  await page.fill("#session-search", "lisbon");
  await page.waitForSelector(".search-results .session-item");
  await shot(page, "sessions_search");
  await page.fill("#session-search", "");

  // A real Tier 3 request from the engine's Shield (the policy above escalates rsync to the human).
  llm.enqueue(
    {
      toolCalls: [{
        name: "execute_command",
        arguments: { command: "rsync -a reports/ backup:/srv/reports" },
      }],
      text: "I will copy the reports to the backup host.",
    },
    { text: "Understood, I did not copy the reports." },
  );
  await sendChat(page, "Back up the reports folder");
  await page.waitForSelector(".approval-card .btn-deny");
  await shot(page, "approval_card");
  await page.locator(".approval-card .btn-deny").last().click();
  await page.waitForSelector(".approval-outcome");
  await waitForTurnEnd(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "chat_dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.click(".sidebar-actions .btn-otr");
  await page.waitForSelector(".otr-banner");
  await shot(page, "otr_session");

  for (
    const [hash, name, selector] of [
      ["#/console/logs", "console_log", ".log-row"],
      ["#/console/audit", "console_audit", ".chain"],
      ["#/console/metrics", "console_metrics", ".chart svg"],
      ["#/console/status", "console_status", ".status-grid"],
      ["#/settings", "settings", ".settings-grid"],
      ["#/memory", "memory", ".memory-file"],
    ]
  ) {
    await page.goto(`${engine.url}/${hash}`);
    await page.waitForSelector(selector);
    await shot(page, name);
  }

  await page.setViewportSize({ width: 375, height: 760 });
  const sessions = (await (await fetch(`${engine.url}/api/sessions`)).json()) as {
    id: string;
    message_count: number;
  }[];
  const withTools = sessions.find((s) => s.message_count > 2) ?? sessions[0];
  await openApp(page, engine.url, `#/chat/${withTools.id}`);
  await page.waitForSelector(".msg-assistant");
  await shot(page, "mobile_chat");
  await page.click(".drawer-toggle");
  await page.waitForTimeout(300);
  await shot(page, "mobile_drawer");
} finally {
  await fx.close();
}
