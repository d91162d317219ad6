/** Channel e2e drivers for the platforms the engine connects out to: Telegram (long polling), Discord (gateway),
 * Slack (Socket Mode) and Signal (a signal-cli child process), each over its fake platform server. */
import { assertEquals } from "../support/assert.ts";
import { startFakeDiscord } from "../support/fake_discord.ts";
import { startFakeSignal } from "../support/fake_signal.ts";
import { startFakeSlack } from "../support/fake_slack.ts";
import { startFakeTelegram } from "../support/fake_telegram.ts";
import { renderDiscord } from "../../src/channels/discord/format.ts";
import { renderSignal } from "../../src/channels/signal/format.ts";
import { renderSlack } from "../../src/channels/slack/format.ts";
import { renderTelegram } from "../../src/channels/telegram/format.ts";
import { type ChannelDriver, codeOf, until } from "./channels_driver.ts";

export function telegramDriver(): ChannelDriver {
  const fake = startFakeTelegram();
  const [user, stranger] = [1001, 666];
  const prompts = () =>
    fake.calls.filter((call) => call.body.reply_markup?.inline_keyboard && call.status === 200);
  return {
    name: "telegram",
    limit: 4096,
    edits: true,
    buttons: true,
    answersStrangers: true,
    render: renderTelegram,
    channels: {
      telegram: {
        enabled: true,
        token_env: "TG_TOKEN",
        allowed_users: [user],
        polling_interval: 1,
        api_base_url: fake.url,
      },
    },
    env: { TG_TOKEN: fake.token },
    connected: () => until(() => fake.polling > 0, "a long poll"),
    say: (text) => Promise.resolve(JSON.stringify(fake.message({ userId: user, text }))),
    redeliver: (handle) => Promise.resolve(fake.push(JSON.parse(handle))),
    stranger: (text) => Promise.resolve(void fake.message({ userId: stranger, text })),
    shown: () => fake.visible(user),
    notices: () =>
      fake.calls.filter((call) => call.method === "answerCallbackQuery").map((call) => call.body.text),
    prompts: () => prompts().map((call) => call.body.text),
    press(index, decision, by = "user") {
      const prompt = prompts()[index];
      const button = prompt.body.reply_markup.inline_keyboard[0][decision === "approve" ? 0 : 1];
      fake.press({
        userId: by === "user" ? user : stranger,
        chatId: user,
        messageId: prompt.result as number,
        data: button.callback_data,
      });
      return Promise.resolve();
    },
    editsMade: () =>
      fake.calls.filter((call) => call.method === "editMessageText" && call.status === 200).length,
    rateLimit: (count) => fake.rateLimit("sendMessage", count, 1),
    rateLimited: () => fake.calls.filter((call) => call.status === 429).length,
    disconnected: () => Promise.resolve(),
    sayWhileDown: (text) => Promise.resolve(void fake.message({ userId: user, text })),
    async quiet() {
      await until(() => fake.polling === 0, "the long poll to be hung up");
      const polls = fake.offsets.length;
      fake.message({ userId: user, text: "after detach" });
      // A polling bot asks again within its 1 s long-poll timeout; a detached one does not.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assertEquals(fake.offsets.length, polls, "no getUpdates after detach");
    },
    close: () => fake.close(),
  };
}

export function discordDriver(): ChannelDriver {
  const fake = startFakeDiscord();
  const [user, stranger, dm] = ["100000000000000001", "100000000000000666", "200000000000000001"];
  const prompts = () => fake.calls.filter((call) => call.body?.components && call.status === 200);
  return {
    name: "discord",
    limit: 2000,
    edits: true,
    buttons: true,
    answersStrangers: true,
    render: renderDiscord,
    channels: {
      discord: { enabled: true, token_env: "DISCORD_TOKEN", allowed_users: [user], api_base_url: fake.url },
    },
    env: { DISCORD_TOKEN: fake.token },
    // The gateway delivers only to a session that has identified or resumed (as Discord does).
    connected: () => until(() => fake.connected, "a gateway session"),
    say: (text) =>
      Promise.resolve(JSON.stringify(fake.message({ userId: user, channelId: dm, content: text }))),
    redeliver: (handle) => Promise.resolve(fake.dispatch("MESSAGE_CREATE", JSON.parse(handle))),
    stranger: (text) =>
      Promise.resolve(
        void fake.message({ userId: stranger, channelId: "200000000000000666", content: text }),
      ),
    shown: () => fake.visible(dm),
    notices: () =>
      fake.calls.filter((call) => call.path.endsWith("/callback")).map((call) => call.body.data.content),
    prompts: () => prompts().map((call) => call.body.content),
    press(index, decision, by = "user") {
      const buttons = prompts()[index].body.components[0].components;
      fake.press({
        userId: by === "user" ? user : stranger,
        channelId: dm,
        customId: buttons[decision === "approve" ? 0 : 1].custom_id,
      });
      return Promise.resolve();
    },
    editsMade: () => fake.calls.filter((call) => call.method === "PATCH" && call.status === 200).length,
    rateLimit: (count) => fake.rateLimit(count, 0.5),
    rateLimited: () => fake.calls.filter((call) => call.status === 429).length,
    disconnected: () => until(() => !fake.connected, "the gateway connection to close"),
    sayWhileDown: (text) =>
      Promise.resolve(void fake.message({ userId: user, channelId: dm, content: text })),
    resumed() {
      assertEquals(
        fake.identifies,
        1,
        "the restarted engine resumed its gateway session instead of identifying",
      );
    },
    quiet: () => until(() => !fake.connected, "the gateway connection to close"),
    close: () => fake.close(),
  };
}

export function slackDriver(): ChannelDriver {
  const fake = startFakeSlack();
  const prompts = () => fake.calls.filter((call) => call.body?.blocks && call.status === 200);
  return {
    name: "slack",
    limit: 4000,
    edits: true,
    buttons: true,
    answersStrangers: true,
    render: renderSlack,
    channels: {
      slack: {
        enabled: true,
        bot_token_env: "SLACK_BOT",
        app_token_env: "SLACK_APP",
        allowed_users: ["U1"],
        api_base_url: fake.url,
      },
    },
    env: { SLACK_BOT: fake.botToken, SLACK_APP: fake.appToken },
    connected: () => until(() => fake.connected, "a Socket Mode connection"),
    say: (text) => Promise.resolve(fake.message({ user: "U1", channel: "D1", text, direct: true })),
    redeliver: (handle) => Promise.resolve(fake.redeliver(handle)),
    stranger: (text) =>
      Promise.resolve(void fake.message({ user: "U666", channel: "D666", text, direct: true })),
    shown: () => fake.visible("D1"),
    notices: () =>
      fake.calls.filter((call) => call.method === "chat.postEphemeral").map((call) => call.body.text),
    prompts: () => prompts().map((call) => call.body.blocks[0].text.text),
    press(index, decision, by = "user") {
      const buttons = prompts()[index].body.blocks[1].elements;
      fake.press({
        user: by === "user" ? "U1" : "U666",
        channel: "D1",
        value: buttons[decision === "approve" ? 0 : 1].value,
      });
      return Promise.resolve();
    },
    editsMade: () => fake.calls.filter((call) => call.method === "chat.update" && call.status === 200).length,
    rateLimit: (count) => fake.rateLimit("chat.postMessage", count, 1),
    rateLimited: () => fake.calls.filter((call) => call.status === 429).length,
    disconnected: () => until(() => !fake.connected, "the Socket Mode connection to close"),
    // Slack keeps an unacknowledged envelope and sends it again on the next connection.
    sayWhileDown: (text) =>
      Promise.resolve(void fake.message({ user: "U1", channel: "D1", text, direct: true })),
    quiet: () => until(() => !fake.connected, "the Socket Mode connection to close"),
    close: () => fake.close(),
  };
}

export async function signalDriver(): Promise<ChannelDriver> {
  const fake = await startFakeSignal();
  const [user, stranger] = ["+4915112345678", "+4915199999999"];
  const prompts = () => fake.texts(user).filter((text) => text.startsWith("Approval needed"));
  return {
    name: "signal",
    limit: 2000,
    edits: false,
    buttons: false,
    answersStrangers: false,
    render: renderSignal,
    channels: {
      signal: { enabled: true, cli_path: fake.cliPath, account: fake.account, allowed_numbers: [user] },
    },
    env: {},
    connected: () => until(() => fake.running, "signal-cli to run"),
    say: (text) => Promise.resolve(JSON.stringify({ text, timestamp: fake.deliver({ from: user, text }) })),
    redeliver: (handle) => Promise.resolve(void fake.deliver({ from: user, ...JSON.parse(handle) })),
    stranger: (text) => Promise.resolve(void fake.deliver({ from: stranger, text })),
    shown: () => fake.texts(user).filter((text) => !text.startsWith("Approval needed")),
    notices: () => fake.texts(user),
    prompts,
    press(index, decision, by = "user") {
      fake.deliver({
        from: by === "user" ? user : stranger,
        text: `${decision} ${codeOf(prompts()[index])}`,
      });
      return Promise.resolve();
    },
    editsMade: () => 0,
    // signal-cli's "rate limited by the Signal server" error; the adapter waits 5 s before trying again.
    rateLimit: (count) => fake.failSends(count, -5),
    rateLimited: () => fake.requests.filter((request) => request.failed).length,
    disconnected: () => until(() => !fake.running, "signal-cli to exit"),
    // The Signal servers hold it until a signal-cli receives again.
    sayWhileDown: (text) => Promise.resolve(void fake.deliver({ from: user, text })),
    quiet: () => until(() => !fake.running, "signal-cli to exit"),
    close: () => fake.close(),
  };
}
