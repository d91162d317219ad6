/** Markdown per platform: each renderer's markup, and escaping where the platform parses markup. */
import { assertEquals } from "../support/assert.ts";
import { renderTelegram } from "../../src/channels/telegram/format.ts";
import { renderSlack } from "../../src/channels/slack/format.ts";
import { renderWhatsApp } from "../../src/channels/whatsapp/format.ts";
import { renderDiscord } from "../../src/channels/discord/format.ts";
import { renderSignal } from "../../src/channels/signal/format.ts";
import { renderTeams } from "../../src/channels/teams/format.ts";
import { renderIMessage } from "../../src/channels/imessage/format.ts";

const SOURCE =
  "# Title\n\n**bold** and *it* and `a<b` see [docs](https://x.test/a?b=1&c=2)\n\n```ts\nif (a < b) {}\n```";

Deno.test("markdown: Telegram HTML, escaped", () => {
  assertEquals(
    renderTelegram(SOURCE),
    '<b>Title</b>\n\n<b>bold</b> and <i>it</i> and <code>a&lt;b</code> see <a href="https://x.test/a?b=1&amp;c=2">docs</a>\n\n' +
      '<pre><code class="language-ts">if (a &lt; b) {}</code></pre>',
  );
  assertEquals(renderTelegram("<script>&"), "&lt;script&gt;&amp;");
});

Deno.test("markdown: Slack mrkdwn, escaped", () => {
  assertEquals(
    renderSlack(SOURCE),
    "*Title*\n\n*bold* and _it_ and `a&lt;b` see <https://x.test/a?b=1&c=2|docs>\n\n```\nif (a &lt; b) {}\n```",
  );
  assertEquals(renderSlack("<!channel>"), "&lt;!channel&gt;");
});

Deno.test("markdown: WhatsApp, Discord, Teams, Signal and iMessage", () => {
  assertEquals(renderWhatsApp("**b** ~~s~~ [t](https://u.test)"), "*b* ~s~ t (https://u.test)");
  assertEquals(renderDiscord("# H\n\n**b**"), "**H**\n\n**b**");
  assertEquals(renderTeams("## H\n\n*i*"), "**H**\n\n*i*");
  assertEquals(renderSignal("**b** `c` [t](https://u.test)"), "b c t (https://u.test)");
  assertEquals(renderIMessage("**b**\n\n```\ncode\n```"), "b\n\ncode");
});
