/** Every network channel adapter end to end against the real engine (supervisor + engine) and its fake platform
 * server, one table-driven scenario for all (channels_chat_steps.ts, channels_reliability_steps.ts). And iMessage
 * enabled off macOS: the engine runs on and reports the channel as failed. */
import { assert, assertEquals } from "../support/assert.ts";
import { type ChannelDriver } from "./channels_driver.ts";
import { discordDriver, signalDriver, slackDriver, telegramDriver } from "./channels_drivers.ts";
import { teamsDriver, whatsappDriver } from "./channels_webhook_drivers.ts";
import { chatSteps } from "./channels_chat_steps.ts";
import { reliabilitySteps } from "./channels_reliability_steps.ts";
import { startChannelEngine, until } from "./channels_e2e_support.ts";

const drivers: [string, () => ChannelDriver | Promise<ChannelDriver>][] = [
  ["Telegram", telegramDriver],
  ["Discord", discordDriver],
  ["Slack", slackDriver],
  ["WhatsApp", whatsappDriver],
  ["Signal", signalDriver],
  ["Teams", teamsDriver],
];

for (const [title, start] of drivers) {
  Deno.test(`channels e2e: ${title} against its fake platform`, async (t) => {
    const driver = await start();
    try {
      const rig = await startChannelEngine(driver.channels, driver.env);
      try {
        await chatSteps({ driver, rig, t });
        await reliabilitySteps({ driver, rig, t });
      } finally {
        await rig.close();
      }
    } finally {
      await driver.close();
    }
  });
}

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
    const session = await (await rig.api("/api/sessions", { method: "POST", body: "{}" })).json();
    assertEquals(typeof session.id, "string");
  } finally {
    await rig.close();
  }
});
