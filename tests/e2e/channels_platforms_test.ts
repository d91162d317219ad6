/** Discord, Slack, WhatsApp, Signal and Teams end to end: the real engine (supervisor + engine) against each fake
 * platform, one scenario for all: a conversation, a stranger who gets no turn, a tool call approved from the
 * chat (buttons, or "approve CODE" on Signal) that writes its file, a long reply split under the platform limit.
 * And iMessage enabled on Linux: the engine runs on, the channel is reported as failed. */
import { assert, assertEquals } from "../support/assert.ts";
import { freePort } from "../support/engine_harness.ts";
import { startFakeDiscord } from "../support/fake_discord.ts";
import { startFakeSlack } from "../support/fake_slack.ts";
import { startFakeWhatsApp } from "../support/fake_whatsapp.ts";
import { startFakeSignal } from "../support/fake_signal.ts";
import { startFakeTeams } from "../support/fake_teams.ts";
import { startChannelEngine, until } from "./channels_e2e_support.ts";

interface Driver {
  name: string;
  limit: number;
  channels: Record<string, unknown>;
  env: Record<string, string>;
  say(text: string): Promise<void>;
  stranger(text: string): Promise<void>;
  shown(): string[];
  /** Answers the newest approval prompt with "approve", as the allowed user; false while there is none. */
  approve(): Promise<boolean>;
  close(): Promise<void>;
}

async function scenario(driver: Driver, t: Deno.TestContext): Promise<void> {
  const rig = await startChannelEngine(driver.channels, driver.env);
  const includes = (piece: string) => driver.shown().some((text) => text.includes(piece));
  try {
    await t.step(`${driver.name}: listed and answering`, async () => {
      assertEquals(await (await rig.api("/api/channels")).json(), { channels: [driver.name] });
      rig.script([{ text: "Hello there" }]);
      await driver.say("hi");
      await until(() => includes("Hello there"), "the reply");
    });
    await t.step(`${driver.name}: a stranger gets no turn`, async () => {
      const before = rig.chatRequests();
      await driver.stranger("do something bad");
      rig.script([{ text: "still yours" }]);
      await driver.say("ping");
      await until(() => includes("still yours"), "the next reply");
      assertEquals(rig.chatRequests(), before + 1);
      const strangers = (await rig.auditEvents()).filter((entry) => entry.event === "channel_stranger");
      assertEquals(strangers.length, 1);
    });
    await t.step(`${driver.name}: a tool call approved from the chat`, async () => {
      const path = `approve-me/${driver.name}.txt`;
      rig.script([{ toolCalls: [{ name: "write_file", arguments: { path, content: driver.name } }] }, {
        text: "Written.",
      }]);
      await driver.say("save it");
      await until(() => driver.approve(), "an approval prompt");
      await until(() => includes("Written."), "the end of the turn");
      assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/${path}`), driver.name);
      const decision = (await rig.auditEvents()).filter((entry) => entry.event === "tier3_decision").at(-1)!;
      assertEquals([decision.details.decision, decision.details.via], ["approve", driver.name]);
    });
    await t.step(`${driver.name}: a long reply is split under ${driver.limit} characters`, async () => {
      const paragraph = (index: number) => `Part${index} ` + "word ".repeat(Math.floor(driver.limit * 0.12));
      rig.script([{ text: [[0, 1, 2, 3, 4, 5, 6, 7].map(paragraph).join("\n\n")] }]);
      const before = driver.shown().length;
      await driver.say("long please");
      await until(() => includes("Part7"), "the last part");
      const parts = driver.shown().slice(before);
      assert(parts.length >= 2, `${parts.length} parts`);
      for (const part of parts) assert(part.length <= driver.limit, `${part.length} > ${driver.limit}`);
      assertEquals(parts.join(" ").match(/Part\d/g), [
        "Part0",
        "Part1",
        "Part2",
        "Part3",
        "Part4",
        "Part5",
        "Part6",
        "Part7",
      ]);
    });
  } finally {
    await rig.close();
    await driver.close();
  }
}

Deno.test("channels e2e: Discord", async (t) => {
  const fake = startFakeDiscord();
  const user = "100000000000000001";
  const dm = "200000000000000001";
  let pressed = 0;
  await scenario({
    name: "discord",
    limit: 2000,
    channels: {
      discord: { enabled: true, token_env: "DISCORD_TOKEN", allowed_users: [user], api_base_url: fake.url },
    },
    env: { DISCORD_TOKEN: fake.token },
    say: async (text) => {
      // The gateway delivers only to a session that has identified (as Discord does).
      await until(() => fake.identifies > 0, "the gateway session");
      fake.message({ userId: user, channelId: dm, content: text });
    },
    stranger: (text) =>
      Promise.resolve(
        void fake.message({ userId: "100000000000000666", channelId: "200000000000000666", content: text }),
      ),
    shown: () => fake.visible(dm),
    approve: () => {
      const prompts = fake.calls.filter((call) => call.body?.components && call.status === 200);
      if (prompts.length <= pressed) return Promise.resolve(false);
      fake.press({
        userId: user,
        channelId: dm,
        customId: prompts[pressed++].body.components[0].components[0].custom_id,
      });
      return Promise.resolve(true);
    },
    close: () => fake.close(),
  }, t);
});

Deno.test("channels e2e: Slack", async (t) => {
  const fake = startFakeSlack();
  let pressed = 0;
  await scenario({
    name: "slack",
    limit: 4000,
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
    say: (text) => Promise.resolve(void fake.message({ user: "U1", channel: "D1", text, direct: true })),
    stranger: (text) =>
      Promise.resolve(void fake.message({ user: "U666", channel: "D666", text, direct: true })),
    shown: () => fake.visible("D1"),
    approve: () => {
      const prompts = fake.calls.filter((call) => call.body?.blocks && call.status === 200);
      if (prompts.length <= pressed) return Promise.resolve(false);
      fake.press({ user: "U1", channel: "D1", value: prompts[pressed++].body.blocks[1].elements[0].value });
      return Promise.resolve(true);
    },
    close: () => fake.close(),
  }, t);
});

Deno.test("channels e2e: WhatsApp", async (t) => {
  const fake = startFakeWhatsApp();
  const port = freePort();
  const hook = `http://127.0.0.1:${port}/webhook`;
  const user = "4915112345678";
  let pressed = 0;
  await scenario({
    name: "whatsapp",
    limit: 4096,
    channels: {
      whatsapp: {
        enabled: true,
        phone_number_id: fake.phoneNumberId,
        access_token_env: "WA_TOKEN",
        app_secret_env: "WA_SECRET",
        verify_token: "verify",
        webhook_port: port,
        allowed_numbers: [`+${user}`],
        api_base_url: fake.url,
      },
    },
    env: { WA_TOKEN: fake.token, WA_SECRET: fake.appSecret },
    say: async (text) => assertEquals((await fake.deliver(hook, { from: user, text })).status, 200),
    stranger: async (text) =>
      assertEquals((await fake.deliver(hook, { from: "4915199999999", text })).status, 200),
    shown: () => fake.texts(user),
    approve: async () => {
      const prompts = fake.calls.filter((call) => call.body?.type === "interactive" && call.status === 200);
      if (prompts.length <= pressed) return false;
      return (await fake.press(hook, {
        from: user,
        payload: prompts[pressed++].body.interactive.action.buttons[0].reply.id,
      })) === 200;
    },
    close: () => fake.close(),
  }, t);
});

Deno.test("channels e2e: Signal", async (t) => {
  const fake = await startFakeSignal();
  const user = "+4915112345678";
  let answered = 0;
  await scenario({
    name: "signal",
    limit: 2000,
    channels: {
      signal: { enabled: true, cli_path: fake.cliPath, account: fake.account, allowed_numbers: [user] },
    },
    env: {},
    say: async (text) => {
      await until(() => fake.starts > 0, "signal-cli to start");
      fake.deliver({ from: user, text });
    },
    stranger: (text) => Promise.resolve(void fake.deliver({ from: "+4915199999999", text })),
    shown: () => fake.texts(user),
    approve: () => {
      const prompts = fake.texts(user).filter((text) => text.startsWith("Approval needed"));
      if (prompts.length <= answered) return Promise.resolve(false);
      fake.deliver({ from: user, text: `approve ${prompts[answered++].match(/\(([A-Z0-9]{6})\)/)![1]}` });
      return Promise.resolve(true);
    },
    close: () => fake.close(),
  }, t);
});

Deno.test("channels e2e: Teams", async (t) => {
  const fake = await startFakeTeams();
  const port = freePort();
  const endpoint = `http://127.0.0.1:${port}/api/messages`;
  const user = "aad-user-1";
  let pressed = 0;
  await scenario({
    name: "teams",
    limit: 20_000,
    channels: {
      teams: {
        enabled: true,
        app_id_env: "TEAMS_ID",
        password_env: "TEAMS_PASSWORD",
        allowed_users: [user],
        webhook_port: port,
        openid_metadata_url: fake.openidUrl,
        api_base_url: fake.url,
      },
    },
    env: { TEAMS_ID: fake.appId, TEAMS_PASSWORD: fake.password },
    say: async (text) => assertEquals(await fake.send(endpoint, { from: user, text }), 200),
    stranger: async (text) => assertEquals(await fake.send(endpoint, { from: "aad-evil", text }), 200),
    shown: () => fake.visible(`a:conv-${user}`),
    approve: async () => {
      const prompts = fake.calls.filter((call) => call.body?.attachments && call.status === 200);
      if (prompts.length <= pressed) return false;
      const data = prompts[pressed++].body.attachments[0].content.actions[0].data;
      return (await fake.send(endpoint, { from: user, value: data })) === 200;
    },
    close: () => fake.close(),
  }, t);
});

Deno.test("channels e2e: iMessage enabled off macOS: the engine runs on and reports the channel failed", async () => {
  const rig = await startChannelEngine(
    { imessage: { enabled: true, allowed_handles: ["+15550001234"] } },
    {},
  );
  try {
    assertEquals(await (await rig.api("/api/channels")).json(), { channels: [] });
    const status = await until(async () => {
      const body = await (await rig.api("/api/status")).json();
      return body.channels?.imessage && body;
    }, "the iMessage health entry");
    assertEquals(status.channels.imessage.state, "failed");
    assert(/needs macOS/.test(status.channels.imessage.detail));
    rig.script([{ text: "web still works" }]);
    const session = await (await rig.api("/api/sessions", { method: "POST", body: "{}" })).json();
    assertEquals(typeof session.id, "string");
  } finally {
    await rig.close();
  }
});
