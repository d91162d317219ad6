/** Channel e2e drivers for the platforms that post to the engine: WhatsApp (Cloud API webhook, signed deliveries)
 * and Teams (Bot Framework activities with signed JWTs). A delivery is retried until the webhook answers 200, as
 * Meta and the Bot Framework do, so a message sent while the engine is down arrives once it is back. */
import { assertEquals } from "../support/assert.ts";
import { freePort } from "../support/engine_harness.ts";
import { startFakeTeams } from "../support/fake_teams.ts";
import { startFakeWhatsApp } from "../support/fake_whatsapp.ts";
import { renderTeams } from "../../src/channels/teams/format.ts";
import { renderWhatsApp } from "../../src/channels/whatsapp/format.ts";
import { type ChannelDriver, refuses, retryUntilTaken, until } from "./channels_driver.ts";

export function whatsappDriver(): ChannelDriver {
  const fake = startFakeWhatsApp();
  const port = freePort();
  const hook = `http://127.0.0.1:${port}/webhook`;
  const [user, stranger] = ["4915112345678", "4915199999999"];
  const prompts = () => fake.calls.filter((call) => call.body?.type === "interactive" && call.status === 200);
  const deliver = async (from: string, text: string, id?: string) => {
    const sent = await fake.deliver(hook, { from, text, id });
    assertEquals(sent.status, 200, "the webhook took the delivery");
    return sent.id;
  };
  const down: Promise<void>[] = [];
  return {
    name: "whatsapp",
    limit: 4096,
    edits: false,
    buttons: true,
    answersStrangers: false,
    render: renderWhatsApp,
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
    connected: () => until(async () => !(await refuses(hook)), "the webhook to listen"),
    say: (text) => deliver(user, text),
    redeliver: async (id) => void await deliver(user, "dup", id),
    stranger: async (text) => void await deliver(stranger, text),
    shown: () => fake.texts(user),
    notices: () => fake.texts(user),
    prompts: () => prompts().map((call) => call.body.interactive.body.text),
    async press(index, decision, by = "user") {
      const buttons = prompts()[index].body.interactive.action.buttons;
      const status = await fake.press(hook, {
        from: by === "user" ? user : stranger,
        payload: buttons[decision === "approve" ? 0 : 1].reply.id,
      });
      assertEquals(status, 200);
    },
    editsMade: () => 0,
    rateLimit: (count) => fake.throttle(count, 1),
    rateLimited: () => fake.calls.filter((call) => call.status === 429).length,
    disconnected: () => Promise.resolve(),
    sayWhileDown(text) {
      // One delivery, retried under its one message id.
      const id = `wamid.DOWN${down.length}`;
      down.push(
        retryUntilTaken(() => fake.deliver(hook, { from: user, text, id }).then((sent) => sent.status), text),
      );
      return Promise.resolve();
    },
    quiet: () => until(() => refuses(hook), "the webhook to stop listening"),
    async close() {
      await Promise.allSettled(down);
      await fake.close();
    },
  };
}

export async function teamsDriver(): Promise<ChannelDriver> {
  const fake = await startFakeTeams();
  const port = freePort();
  const endpoint = `http://127.0.0.1:${port}/api/messages`;
  const [user, stranger] = ["aad-user-1", "aad-evil"];
  const conversation = `a:conv-${user}`;
  const prompts = () => fake.calls.filter((call) => call.body?.attachments && call.status === 200);
  let counter = 0;
  const send = async (from: string, text: string, id?: string) => {
    const activity = id ?? `user-${++counter}`;
    assertEquals(
      await fake.send(endpoint, { from, text, id: activity }),
      200,
      "the endpoint took the activity",
    );
    return activity;
  };
  const down: Promise<void>[] = [];
  return {
    name: "teams",
    limit: 20_000,
    edits: true,
    buttons: true,
    answersStrangers: true,
    render: renderTeams,
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
    connected: () => until(async () => !(await refuses(endpoint)), "the endpoint to listen"),
    say: (text) => send(user, text),
    redeliver: async (id) => void await send(user, "dup", id),
    stranger: async (text) => void await send(stranger, text),
    shown: () => fake.visible(conversation).filter((text) => text !== "[card]"),
    notices: () => fake.visible(conversation),
    prompts: () => prompts().map((call) => call.body.attachments[0].content.body[0].text),
    async press(index, decision, by = "user") {
      const data = prompts()[index].body.attachments[0].content.actions[decision === "approve" ? 0 : 1].data;
      const status = await fake.send(endpoint, {
        from: by === "user" ? user : stranger,
        value: data,
        conversationId: conversation,
      });
      assertEquals(status, 200);
    },
    editsMade: () => fake.calls.filter((call) => call.method === "PUT" && call.status === 200).length,
    rateLimit: (count) => fake.throttle(count, 1),
    rateLimited: () => fake.calls.filter((call) => call.status === 429).length,
    disconnected: () => Promise.resolve(),
    sayWhileDown(text) {
      const id = `down-${++counter}`;
      down.push(retryUntilTaken(() => fake.send(endpoint, { from: user, text, id }), text));
      return Promise.resolve();
    },
    quiet: () => until(() => refuses(endpoint), "the endpoint to stop listening"),
    async close() {
      await Promise.allSettled(down);
      await fake.close();
    },
  };
}
