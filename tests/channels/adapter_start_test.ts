/** Adapters refuse to start without their secrets, with one error naming the config key and the variable to set,
 * and start nothing (no request, no loop) when they refuse. */
import { assertEquals, assertRejects } from "../support/assert.ts";
import { ChannelStartError } from "../../src/channels/channel_errors.ts";
import { DiscordAdapter } from "../../src/channels/discord/adapter.ts";
import { SlackAdapter } from "../../src/channels/slack/adapter.ts";
import { TelegramAdapter } from "../../src/channels/telegram/adapter.ts";
import type { AdapterSink } from "../../src/channels/types.ts";

const sink = {} as AdapterSink;

function countingFetch() {
  const counter = {
    calls: 0,
    fetch: (() => {
      counter.calls++;
      return Promise.reject(new Error("no request may be made"));
    }) as typeof fetch,
  };
  return counter;
}

Deno.test("a missing bot token names the variable and the key that names it", async () => {
  const counter = countingFetch();
  const adapter = new TelegramAdapter({
    config: { enabled: true, token_env: "MY_TELEGRAM_TOKEN" },
    token: undefined,
    fetch: counter.fetch,
  });
  await assertRejects(
    () => adapter.start(sink),
    ChannelStartError,
    'The bot token is missing: environment variable "MY_TELEGRAM_TOKEN" (channels.telegram.token_env) is not set',
  );
  await adapter.stop();
  assertEquals(counter.calls, 0);
});

Deno.test("no token variable configured: the error says which key to set", async () => {
  const adapter = new DiscordAdapter({
    config: { enabled: true, respond_to_mentions: false },
    token: undefined,
    fetch: countingFetch().fetch,
  });
  await assertRejects(
    () => adapter.start(sink),
    ChannelStartError,
    "channels.discord.token_env is not set: name the environment variable holding the bot token",
  );
  await adapter.stop();
});

Deno.test("slack names whichever of its two tokens is missing", async () => {
  const config = { enabled: true, bot_token_env: "SLACK_BOT", app_token_env: "SLACK_APP" };
  const withoutApp = new SlackAdapter({ config, botToken: "xoxb-1", appToken: undefined });
  await assertRejects(
    () => withoutApp.start(sink),
    ChannelStartError,
    'The app token is missing: environment variable "SLACK_APP" (channels.slack.app_token_env) is not set',
  );
  const withoutBot = new SlackAdapter({ config, botToken: "", appToken: "xapp-1" });
  await assertRejects(
    () => withoutBot.start(sink),
    ChannelStartError,
    'The bot token is missing: environment variable "SLACK_BOT" (channels.slack.bot_token_env) is not set',
  );
});
