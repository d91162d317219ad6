/** The Slack adapter with the channel manager against the fake Web API and Socket Mode: envelopes acknowledged
 * after storage, a redelivered envelope answered once, channel rules, approvals with Block Kit buttons, a
 * disconnect frame followed by a fresh connection, 429 and mrkdwn. */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeSlack } from "../support/fake_slack.ts";
import { SlackAdapter } from "../../src/channels/slack/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = "U0USER";
const STRANGER = "U0EVIL";
const DM = "D0DM";
const ROOM = "C0ROOM";

function adapterFor(fake: ReturnType<typeof startFakeSlack>) {
  return new SlackAdapter({
    config: { enabled: true, allowed_users: [USER], allowed_channels: [ROOM], api_base_url: fake.url },
    botToken: fake.botToken,
    appToken: fake.appToken,
    random: () => 0,
  });
}

Deno.test("slack: messages are acknowledged once stored, answered once, strangers ignored", async () => {
  const fake = startFakeSlack();
  const rig = channelRig();
  try {
    rig.engine.script = (text) => `**bold** reply to ${text} <tag>`;
    await attach(rig, adapterFor(fake));
    await fake.waitFor(() => fake.connections === 1);
    const first = fake.message({ user: USER, channel: DM, text: "hello", direct: true });
    fake.message({ user: STRANGER, channel: DM, text: "let me in", direct: true });
    fake.message({ user: USER, channel: "C0OTHER", text: "not here" });
    await fake.waitFor(() => fake.visible(DM).length === 1);
    assertEquals(fake.visible(DM), ["*bold* reply to hello &lt;tag&gt;"]);
    await fake.waitFor(() => fake.acked.has(first));
    fake.redeliver(first);
    fake.message({ user: USER, channel: ROOM, text: "in the room" });
    await fake.waitFor(() => fake.visible(ROOM).length === 1);
    assertEquals(fake.visible(DM).length, 1);
    assertEquals(fake.visible("C0OTHER"), []);
    assert(
      rig.audit.some((entry) => entry.event === "channel_stranger" && entry.details.sender_id === STRANGER),
    );
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("slack: approval buttons, a disconnect frame, a 429", async () => {
  const fake = startFakeSlack();
  const rig = channelRig();
  try {
    await attach(rig, adapterFor(fake));
    await fake.waitFor(() => fake.connections === 1);
    rig.engine.script = (text, sessionId) => {
      if (text === "ask") rig.engine.ask(sessionId, "act_9");
      return "asked";
    };
    fake.message({ user: USER, channel: DM, text: "ask", direct: true });
    const prompt = await fake.waitFor(() =>
      fake.calls.find((call) => call.body.blocks && call.status === 200)
    );
    const approve = prompt.body.blocks[1].elements[0].value;
    fake.press({ user: STRANGER, channel: DM, value: approve });
    await fake.waitFor(() => fake.calls.some((call) => call.method === "chat.postEphemeral"));
    assertEquals(rig.engine.decisions, []);
    fake.press({ user: USER, channel: DM, value: approve });
    await fake.waitFor(() => rig.engine.decisions.length === 1);
    fake.disconnect();
    await fake.waitFor(() => fake.connections === 2);
    rig.engine.script = (text) => `echo ${text}`;
    fake.rateLimit("chat.postMessage", 2, 0);
    fake.message({ user: USER, channel: DM, text: "after", direct: true });
    await fake.waitFor(() => fake.visible(DM).includes("echo after"));
  } finally {
    await rig.close();
    await fake.close();
  }
});
