/** Load side of the channels benchmark, run as its own process: fake Telegram, Discord and Slack servers plus a
 * control endpoint that queues inbound messages and counts the replies that came back. Prints its URLs as JSON. */
import { startFakeTelegram } from "../tests/support/fake_telegram.ts";
import { startFakeDiscord } from "../tests/support/fake_discord.ts";
import { startFakeSlack } from "../tests/support/fake_slack.ts";

const telegram = startFakeTelegram();
const discord = startFakeDiscord("bench-discord", 30_000);
const slack = startFakeSlack();

const control = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  const url = new URL(request.url);
  if (url.pathname === "/push") {
    const chats = Number(url.searchParams.get("chats") ?? 1);
    const per = Number(url.searchParams.get("per") ?? 1);
    for (let round = 0; round < per; round++) {
      for (let chat = 0; chat < chats; chat++) telegram.message({ userId: 5000 + chat, text: `m${round}` });
    }
    return Response.json({ queued: chats * per });
  }
  if (url.pathname === "/replies") {
    const replies = telegram.calls.filter((call) =>
      call.method === "sendMessage" && call.status === 200
    ).length;
    return Response.json({ replies });
  }
  if (url.pathname === "/stop") {
    setTimeout(async () => {
      await Promise.all([telegram.close(), discord.close(), slack.close(), control.shutdown()]);
    }, 10);
    return Response.json({ stopping: true });
  }
  return new Response("not found", { status: 404 });
});

console.log(JSON.stringify({
  control: `http://127.0.0.1:${control.addr.port}`,
  telegram: { url: telegram.url, token: telegram.token },
  discord: { url: discord.url, token: discord.token },
  slack: { url: slack.url, botToken: slack.botToken, appToken: slack.appToken },
}));
