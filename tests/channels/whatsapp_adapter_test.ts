/** The WhatsApp adapter with the channel manager: the verification challenge, signed deliveries only (unsigned,
 * wrongly signed and oversized ones refused), answered once despite a retry, strangers ignored, interactive
 * approval buttons, throttling, and a delivery refused (500) while the channel detaches. */
import { assert, assertEquals } from "../support/assert.ts";
import { startFakeWhatsApp } from "../support/fake_whatsapp.ts";
import { WhatsAppAdapter } from "../../src/channels/whatsapp/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = "4915112345678";
const STRANGER = "4915199999999";

async function setup() {
  const fake = startFakeWhatsApp();
  const rig = channelRig();
  const adapter = new WhatsAppAdapter({
    config: {
      enabled: true,
      phone_number_id: fake.phoneNumberId,
      verify_token: "verify-me",
      webhook_host: "127.0.0.1",
      allowed_numbers: ["+49 151 12345678"],
      api_base_url: fake.url,
      api_version: "v21.0",
    },
    accessToken: fake.token,
    appSecret: fake.appSecret,
    port: 0,
  });
  await attach(rig, adapter);
  return { fake, rig, hook: `http://127.0.0.1:${adapter.port}/webhook` };
}

Deno.test("whatsapp: challenge, signatures checked, a retried delivery answered once, strangers ignored", async () => {
  const { fake, rig, hook } = await setup();
  try {
    const challenge = await fetch(
      `${hook}?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345`,
    );
    assertEquals([challenge.status, await challenge.text()], [200, "12345"]);
    const wrong = await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    assertEquals(wrong.status, 403);
    await wrong.body?.cancel();
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    assertEquals(await fake.post(hook, body), 401);
    assertEquals(await fake.post(hook, body, "sha256=" + "0".repeat(64)), 401);
    assertEquals(await fake.post(hook, "x".repeat(2 * 1024 * 1024), await fake.sign("x")), 413);
    const first = await fake.deliver(hook, { from: USER, text: "hello" });
    assertEquals(first.status, 200);
    assertEquals((await fake.deliver(hook, { from: USER, text: "hello", id: first.id })).status, 200);
    assertEquals((await fake.deliver(hook, { from: STRANGER, text: "hi" })).status, 200);
    await fake.waitFor(() => fake.texts(USER).includes("echo: hello"));
    await fake.deliver(hook, { from: USER, text: "second" });
    await fake.waitFor(() => fake.texts(USER).includes("echo: second"));
    assertEquals(fake.texts(USER), ["echo: hello", "echo: second"]);
    assertEquals(fake.texts(STRANGER), []);
    assertEquals([...rig.engine.sessions.values()].flatMap((session) => session.messages), [
      "hello",
      "second",
    ]);
  } finally {
    await rig.close();
    await fake.close();
  }
});

Deno.test("whatsapp: approval by reply button, throttling waited out", async () => {
  const { fake, rig, hook } = await setup();
  try {
    rig.engine.script = (text, sessionId) => {
      if (text === "ask") rig.engine.ask(sessionId, "act_w");
      return `done ${text}`;
    };
    fake.throttle(2);
    await fake.deliver(hook, { from: USER, text: "ask" });
    const prompt = await fake.waitFor(() =>
      fake.calls.find((call) => call.body?.type === "interactive" && call.status === 200)
    );
    const buttons = prompt.body.interactive.action.buttons;
    assertEquals(buttons.map((button: { reply: { title: string } }) => button.reply.title), [
      "Approve",
      "Deny",
    ]);
    assertEquals(await fake.press(hook, { from: STRANGER, payload: buttons[0].reply.id }), 200);
    assertEquals(await fake.press(hook, { from: USER, payload: buttons[0].reply.id }), 200);
    await fake.waitFor(() => rig.engine.decisions.length === 1);
    assertEquals(rig.engine.decisions[0].via, "whatsapp");
    await fake.waitFor(() => fake.texts(USER).some((text) => text.startsWith("Approved")));
    assertEquals(fake.texts(STRANGER), []);
    assert(rig.logs.some((line) => line.event === "channel_send_retry"));
  } finally {
    await rig.close();
    await fake.close();
  }
});
