/** The Telegram adapter with the channel manager against the fake Bot API: a conversation, streamed edits, the
 * allowlist, duplicates, 429 storms, approvals by button and by text, long replies split, and detach. */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeTelegram } from "../support/fake_telegram.ts";
import { TelegramAdapter, type TelegramConfig } from "../../src/channels/telegram/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = 1001;
const STRANGER = 666;

function adapterFor(url: string, token: string, extra: Partial<TelegramConfig> = {}) {
  return new TelegramAdapter({
    config: { enabled: true, allowed_users: [USER], polling_interval: 1, api_base_url: url, ...extra },
    token,
    random: () => 0,
  });
}

Deno.test("telegram: a message is answered in its chat, once, and a stranger gets nothing", async () => {
  const fake = startFakeTelegram();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    fake.message({ userId: STRANGER, text: "let me in" });
    fake.message({ userId: USER, text: "hello" });
    await fake.waitFor(() => fake.texts(USER).includes("echo: hello"));
    assertEquals(fake.texts(STRANGER), []);
    assertEquals([...rig.engine.sessions.values()].map((session) => session.messages), [["hello"]]);
    assert(
      rig.audit.some((entry) =>
        entry.event === "channel_stranger" && entry.details.sender_id === String(STRANGER)
      ),
    );
    assert(rig.audit.some((entry) => entry.event === "channel_message_received"));
    // The offset moves past an update only after it was stored.
    await fake.waitFor(() => fake.offsets.some((offset) => offset > 1001));
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("telegram: a redelivered update is answered once", async () => {
  const fake = startFakeTelegram();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    const update = fake.message({ userId: USER, text: "once" });
    fake.push(structuredClone(update));
    await fake.waitFor(() => fake.texts(USER).includes("echo: once"));
    fake.message({ userId: USER, text: "after" });
    await fake.waitFor(() => fake.texts(USER).includes("echo: after"));
    assertEquals(fake.texts(USER).filter((text) => text === "echo: once").length, 1);
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("telegram: a 429 storm delays the reply but loses and reorders nothing", async () => {
  const fake = startFakeTelegram();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake.url, fake.token));
    fake.rateLimit("sendMessage", 3, 1);
    fake.message({ userId: USER, text: "one" });
    fake.message({ userId: USER, text: "two" });
    await fake.waitFor(() => fake.texts(USER).includes("echo: two"));
    const replies = fake.texts(USER).filter((text) => text.startsWith("echo"));
    assertEquals(replies, ["echo: one", "echo: two"]);
    assert(
      rig.logs.some((line) => line.event === "channel_send_retry" && /retry after 1 s/.test(line.message)),
    );
  } finally {
    await rig.close();
    await fake.close();
  }
});
