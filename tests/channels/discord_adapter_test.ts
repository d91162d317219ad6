/** The Discord adapter with the channel manager against the fake gateway and REST: DMs and guild rules, a
 * stranger, approvals with components, a dropped gateway resumed without losing a message, 429 and detach. */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeDiscord } from "../support/fake_discord.ts";
import { DiscordAdapter, type DiscordConfig } from "../../src/channels/discord/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = "100000000000000001";
const STRANGER = "100000000000000666";
const DM = "200000000000000001";
const GUILD = "300000000000000001";
const CHANNEL = "400000000000000001";
const OTHER_CHANNEL = "400000000000000002";

function adapterFor(url: string, token: string, extra: Partial<DiscordConfig> = {}) {
  return new DiscordAdapter({
    config: {
      enabled: true,
      allowed_users: [USER],
      allowed_guilds: [GUILD],
      allowed_channels: [CHANNEL],
      respond_to_mentions: true,
      api_base_url: url,
      ...extra,
    },
    token,
    random: () => 0,
  });
}

Deno.test("discord: DMs and mentions in allowed channels are answered; the rest is not", async () => {
  const fake = startFakeDiscord();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    await fake.waitFor(() => fake.identifies === 1);
    await fake.waitFor(() => rig.manager.health().discord.healthy);
    fake.message({ userId: STRANGER, channelId: DM, content: "hi" });
    fake.message({ userId: USER, channelId: CHANNEL, guildId: GUILD, content: "not for the bot" });
    fake.message({
      userId: USER,
      channelId: OTHER_CHANNEL,
      guildId: GUILD,
      content: "elsewhere",
      mention: true,
    });
    fake.message({ userId: USER, channelId: CHANNEL, guildId: GUILD, content: "for the bot", mention: true });
    fake.message({ userId: USER, channelId: DM, content: "direct" });
    await fake.waitFor(() => fake.visible(DM).includes("echo: direct"));
    await fake.waitFor(() => fake.visible(CHANNEL).includes("echo: for the bot"));
    assertEquals(fake.visible(OTHER_CHANNEL), []);
    assertEquals(fake.visible(DM), ["echo: direct"]);
    assertEquals(fake.visible(CHANNEL), ["echo: for the bot"]);
    assert(
      rig.audit.some((entry) => entry.event === "channel_stranger" && entry.details.sender_id === STRANGER),
    );
    // Mentions in the reply ping no one.
    assert(
      fake.calls.filter((call) => call.method === "POST" && call.path.endsWith("/messages"))
        .every((call) => call.body.allowed_mentions?.parse?.length === 0),
    );
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("discord: an approval with buttons, refused for a stranger, answered by the user", async () => {
  const fake = startFakeDiscord();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    await fake.waitFor(() => fake.identifies === 1);
    rig.engine.script = (text, sessionId) => {
      if (text === "ask") rig.engine.ask(sessionId, "act_1");
      return "asked";
    };
    fake.message({ userId: USER, channelId: DM, content: "ask" });
    const prompt = await fake.waitFor(() =>
      fake.calls.find((call) => call.body?.components && call.status === 200)
    );
    const [approve] = prompt.body.components[0].components;
    assertEquals(approve.custom_id.startsWith("t3:"), true);
    fake.press({ userId: STRANGER, channelId: DM, customId: approve.custom_id });
    fake.press({ userId: USER, channelId: DM, customId: approve.custom_id });
    await fake.waitFor(() => rig.engine.decisions.length === 1);
    assertEquals(rig.engine.decisions[0], {
      actionId: "act_1",
      decision: "approve",
      via: "discord",
      sessionId: rig.engine.decisions[0].sessionId,
    });
    const callbacks = await fake.waitFor(() => {
      const found = fake.calls.filter((call) => call.path.endsWith("/callback"));
      return found.length === 2 && found;
    });
    assertEquals(callbacks.map((call) => call.body.data.content), [
      "You may not answer approvals here",
      "Approved (" + prompt.body.content.match(/\(([A-Z0-9]{6})\)/)[1] + ")",
    ]);
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("discord: a dropped gateway resumes and replays what was missed, a 429 is waited out", async () => {
  const fake = startFakeDiscord();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    await fake.waitFor(() => fake.identifies === 1 && rig.manager.health().discord.healthy);
    fake.drop();
    fake.message({ userId: USER, channelId: DM, content: "while away" });
    await fake.waitFor(() => fake.resumes === 1);
    await fake.waitFor(() => fake.visible(DM).includes("echo: while away"));
    fake.rateLimit(2, 0.2);
    fake.message({ userId: USER, channelId: DM, content: "limited" });
    await fake.waitFor(() => fake.visible(DM).includes("echo: limited"));
    assertEquals(fake.visible(DM), ["echo: while away", "echo: limited"]);
    assertEquals(fake.identifies, 1);
    assert(await rig.manager.detach("discord"));
    assertEquals(rig.manager.list(), []);
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("discord: after a restart the saved session is resumed and what came meanwhile is answered", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  const fake = startFakeDiscord();
  const first = channelRig(path);
  try {
    await attach(first, adapterFor(fake.url, fake.token));
    await fake.waitFor(() => fake.identifies === 1 && first.manager.health().discord.healthy);
    fake.message({ userId: USER, channelId: DM, content: "before" });
    await fake.waitFor(() => fake.visible(DM).includes("echo: before"));
    // Answered once the turn has settled too (a message whose turn had not settled is answered again after a restart).
    await fake.waitFor(() => first.journal.pending("discord").length === 0);
    await first.close();
    await fake.waitFor(() => !fake.connected);
    // Sent while the engine is down: a new IDENTIFY would never see it, a RESUME gets it replayed.
    fake.message({ userId: USER, channelId: DM, content: "while down" });
    const second = first.restart();
    try {
      await attach(second, adapterFor(fake.url, fake.token));
      await fake.waitFor(() => fake.visible(DM).includes("echo: while down"));
      assertEquals(fake.identifies, 1);
      assertEquals(fake.resumes, 1);
      assertEquals(fake.visible(DM), ["echo: before", "echo: while down"]);
    } finally {
      await second.close();
    }
  } finally {
    await fake.close();
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("discord: a session Discord no longer knows is forgotten and a fresh one identified", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  const fake = startFakeDiscord();
  const rig = channelRig(path);
  try {
    rig.journal.saveCursor(
      "discord",
      JSON.stringify({
        session_id: "expired",
        resume_gateway_url: fake.gatewayUrl,
        seq: 5,
        bot_user_id: "1",
      }),
    );
    await attach(rig, adapterFor(fake.url, fake.token));
    await fake.waitFor(() => fake.identifies === 1);
    fake.message({ userId: USER, channelId: DM, content: "fresh" });
    await fake.waitFor(() => fake.visible(DM).includes("echo: fresh"));
    assertEquals(JSON.parse(rig.journal.cursor("discord")!).session_id, "fake-session");
  } finally {
    await rig.close();
    await fake.close();
    await Deno.remove(path).catch(() => {});
  }
});
