/** The Teams adapter with the channel manager against the fake Bot Framework: JWTs checked (a foreign key, an
 * expired token, another audience, a mismatched serviceurl and no token are all refused), replies to the
 * serviceUrl with an app token, a retried activity answered once, an Adaptive Card approval, throttling. */
import { assertEquals } from "../support/assert.ts";
import { startFakeTeams } from "../support/fake_teams.ts";
import { TeamsAdapter } from "../../src/channels/teams/adapter.ts";
import { attach, channelRig } from "./channel_rig.ts";

const USER = "aad-user-1";
const STRANGER = "aad-evil-1";

Deno.test("teams: JWT checks, replies, a retried activity, an Adaptive Card approval, throttling", async () => {
  const fake = await startFakeTeams();
  const rig = channelRig();
  const adapter = new TeamsAdapter({
    config: {
      enabled: true,
      allowed_users: [USER],
      webhook_host: "127.0.0.1",
      openid_metadata_url: fake.openidUrl,
      api_base_url: fake.url,
    },
    appId: fake.appId,
    password: fake.password,
    port: 0,
  });
  try {
    await attach(rig, adapter);
    const endpoint = `http://127.0.0.1:${adapter.port}/api/messages`;
    for (const signing of ["foreign-key", "expired", "wrong-audience", "wrong-serviceurl", "none"] as const) {
      assertEquals(
        await fake.send(endpoint, { from: USER, text: `forged ${signing}`, signing }),
        401,
        signing,
      );
    }
    assertEquals(await fake.send(endpoint, { from: USER, text: "hello", id: "same" }), 200);
    assertEquals(await fake.send(endpoint, { from: USER, text: "hello", id: "same" }), 200);
    assertEquals(await fake.send(endpoint, { from: STRANGER, text: "hi" }), 200);
    const conversation = `a:conv-${USER}`;
    await fake.waitFor(() => fake.visible(conversation).includes("echo: hello"));
    assertEquals([...rig.engine.sessions.values()].flatMap((session) => session.messages), ["hello"]);
    assertEquals(fake.visible(`a:conv-${STRANGER}`), []);

    rig.engine.script = (text, sessionId) => {
      if (text === "ask") rig.engine.ask(sessionId, "act_t");
      return `done ${text}`;
    };
    fake.throttle(2);
    await fake.send(endpoint, { from: USER, text: "ask" });
    const card = await fake.waitFor(() =>
      fake.calls.find((call) => call.body?.attachments && call.status === 200)
    );
    const actions = card.body.attachments[0].content.actions;
    assertEquals(actions.map((action: { title: string }) => action.title), ["Approve", "Deny"]);
    await fake.send(endpoint, { from: STRANGER, value: actions[0].data, conversationId: conversation });
    await fake.send(endpoint, { from: USER, value: actions[0].data });
    await fake.waitFor(() => rig.engine.decisions.length === 1);
    assertEquals(rig.engine.decisions[0].via, "teams");
  } finally {
    await rig.close();
    await fake.close();
  }
});
