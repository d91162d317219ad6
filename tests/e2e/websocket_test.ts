import { assert, assertEquals } from "../support/assert.ts";
import { startTestEngine } from "../support/engine_harness.ts";
import { WsClient } from "../support/ws_client.ts";

async function createSession(url: string, mode = "normal"): Promise<string> {
  const response = await fetch(`${url}/api/sessions`, {
    method: "POST",
    body: JSON.stringify({ mode }),
    headers: { "content-type": "application/json" },
  });
  return (await response.json()).id;
}

Deno.test("WebSocket hub: frames, errors and delivery rules", async (t) => {
  const engine = await startTestEngine();
  try {
    const first = await createSession(engine.url);
    const second = await createSession(engine.url);

    await t.step("ping answers exactly {type: pong}", async () => {
      const client = await WsClient.connect(engine.wsUrl, first);
      client.send({ type: "ping" });
      const pong = await client.waitFor("pong");
      assertEquals(pong, { type: "pong" });
      await client.close();
    });

    await t.step("invalid frames get an error event and the connection stays open", async () => {
      const client = await WsClient.connect(engine.wsUrl, first);
      const cases = [
        "not json",
        "[1,2]",
        JSON.stringify({ type: "shout", session_id: first }),
        JSON.stringify({ type: "message", session_id: first }),
        JSON.stringify({ type: "tier3_decision", action_id: "a", decision: "maybe" }),
      ];
      for (const frame of cases) client.send(frame);
      for (let index = 0; index < cases.length; index++) {
        await client.waitFor("error", () => client.ofType("error").length > index);
      }
      const errors = client.ofType("error");
      assertEquals(errors.length, cases.length);
      for (const error of errors) {
        assertEquals(error.data!.code, "INVALID_FRAME");
        assertEquals(typeof error.data!.message, "string");
        assertEquals(typeof error.data!.recoverable, "boolean");
        assertEquals(typeof error.timestamp, "number");
      }
      assert(String(errors[2].data!.message).includes('Unknown frame type "shout"'));
      assert(String(errors[3].data!.message).includes("content"));
      client.send({ type: "ping" });
      await client.waitFor("pong");
      await client.close();
    });

    await t.step("a frame for an unknown session gets UNKNOWN_SESSION", async () => {
      const client = await WsClient.connectWithKey(engine.wsUrl);
      client.send({ type: "message", session_id: "no-such-session", content: "hello" });
      const error = await client.waitFor("error");
      assertEquals(error.data!.code, "UNKNOWN_SESSION");
      assertEquals(error.session_id, "no-such-session");
      client.send({ type: "tier3_decision", action_id: "a_unknown", decision: "approve" });
      const unknownAction = await client.waitFor("error", (event) => event.data!.code === "UNKNOWN_ACTION");
      assert(String(unknownAction.data!.message).includes("a_unknown"));
      await client.close();
    });

    await t.step("a message without a configured model is persisted and answered by an error", async () => {
      const client = await WsClient.connect(engine.wsUrl, first);
      client.send({ type: "message", session_id: first, content: "Hello there" });
      const error = await client.waitFor("error");
      assertEquals(error.session_id, first);
      assertEquals(error.data!.code, "NO_MODEL");
      const messages = await (await fetch(`${engine.url}/api/sessions/${first}/messages`)).json();
      assertEquals(messages.length, 1);
      assertEquals(messages[0].role, "user");
      assertEquals(messages[0].content, "Hello there");
      assertEquals(typeof messages[0].message_id, "string");
      await client.close();
    });

    await t.step("events go only to the clients of their session; two tabs see the same events", async () => {
      const tabA = await WsClient.connectWithKey(engine.wsUrl, first);
      const tabB = await WsClient.connect(engine.wsUrl, first);
      const other = await WsClient.connect(engine.wsUrl, second);
      tabA.send({ type: "command", session_id: first, content: "/title Shared tab test" });
      const resultA = await tabA.waitFor("command_result");
      const resultB = await tabB.waitFor("command_result");
      assertEquals(resultA.data, resultB.data);
      assertEquals(resultA.data!.command, "/title");
      assertEquals(resultA.data!.ok, true);
      // log_entry events reach every client, the other session's included.
      await other.waitFor("log_entry");
      other.send({ type: "ping", session_id: second });
      await other.waitFor("pong");
      assertEquals(other.ofType("command_result").length, 0);
      for (const event of other.events) {
        if (event.type !== "log_entry" && event.type !== "pong") assertEquals(event.session_id, second);
      }
      const log = other.ofType("log_entry")[0];
      assertEquals(log.session_id, "");
      for (const key of ["level", "event", "message", "fields"]) {
        assert(key in log.data!, `log_entry has ${key}`);
      }
      await Promise.all([tabA.close(), tabB.close(), other.close()]);
    });

    await t.step("the active session follows the latest frame's session_id", async () => {
      const client = await WsClient.connectWithKey(engine.wsUrl, first);
      client.send({ type: "command", session_id: second, content: "/status" });
      const result = await client.waitFor("command_result");
      assertEquals(result.session_id, second);
      await client.close();
    });

    await t.step("a frame over 10 MB closes the connection; the server stays up", async () => {
      const client = await WsClient.connect(engine.wsUrl, first);
      client.send(
        JSON.stringify({ type: "message", session_id: first, content: "x".repeat(11 * 1024 * 1024) }),
      );
      const closed = await client.closed;
      assert(
        closed.code === 1009 || closed.code === 1006 || closed.code === 1000,
        `closed with ${closed.code}`,
      );
      const status = await fetch(`${engine.url}/api/status`);
      assertEquals(status.status, 200);
      await status.body?.cancel();
      const messages = await (await fetch(`${engine.url}/api/sessions/${first}/messages`)).json();
      assertEquals(messages.length, 1, "the oversized message was not persisted");
    });

    await t.step("a first message with mode otr creates an OTR session", async () => {
      const client = await WsClient.connect(engine.wsUrl);
      client.send({ type: "message", session_id: "otr-from-ws", content: "secret stuff", mode: "otr" });
      await client.waitFor("error", (event) => event.data!.code === "NO_MODEL");
      const session = await (await fetch(`${engine.url}/api/sessions/otr-from-ws`)).json();
      assertEquals(session.mode, "otr");
      await client.close();
    });
  } finally {
    await engine.stop();
  }
});
