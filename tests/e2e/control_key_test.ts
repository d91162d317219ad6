/** Control: with a password set, a process that can reach the engine's WebSocket but holds neither a login nor
 * a key handed to the UI (the shell's setsid helper of the review) cannot answer Tier 3 prompts or run slash
 * commands. Without a password every local client may (the spec's WebSocket protocol has no key). */
import { assert, assertEquals } from "../support/assert.ts";
import { fetchControlKey, WsClient } from "../support/ws_client.ts";
import { hashPassword, startTestEngine } from "../support/engine_harness.ts";
import { rawRequest, UPGRADE_HEADERS } from "../support/raw_http.ts";
import {
  assertMissing,
  assertVerdict,
  auditEntries,
  startShieldRig,
  toolSteps,
  turnEvents,
} from "./shield_e2e_support.ts";

const GUARDED_WRITE = { name: "write_file", arguments: { path: "approve-me/key.txt", content: "k\n" } };

const PASSWORD = "correct horse";

async function loginCookie(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    body: JSON.stringify({ password: PASSWORD }),
  });
  await login.body?.cancel();
  return { cookie: login.headers.get("set-cookie")!.split(";")[0] };
}

Deno.test("with a password, a client without login or control key can neither approve a Tier 3 prompt nor run a command", async (t) => {
  const rig = await startShieldRig({
    testPolicy: true,
    config: { web: { password_hash: hashPassword(PASSWORD) } },
  });
  try {
    const sessionId = await rig.newSession();
    const ui = await WsClient.connectWithKey(rig.engine.wsUrl, sessionId, await loginCookie(rig.engine.url));
    const intruder = await WsClient.connect(rig.engine.wsUrl, sessionId);
    rig.script(toolSteps(GUARDED_WRITE));
    ui.send({ type: "message", session_id: sessionId, content: "Write the key file" });
    const asked = (await ui.waitFor("tier3_approval_required")).data!;
    const actionId = asked.action_id as string;
    // The intruder watches the same session, so it sees the prompt too.
    await intruder.waitFor("tier3_approval_required");

    await t.step(
      "tier3_decision without a key, with a made-up key or with the UI's key: refused",
      async () => {
        const attempts: [Record<string, unknown>, string][] = [
          [{}, "CONTROL_KEY_REQUIRED"],
          [{ key: "" }, "CONTROL_KEY_REQUIRED"],
          [{ key: "0".repeat(64) }, "CONTROL_KEY_INVALID"],
          [{ key: ui.key }, "CONTROL_KEY_INVALID"],
        ];
        for (const [extra, code] of attempts) {
          intruder.clear();
          intruder.send({ type: "tier3_decision", action_id: actionId, decision: "approve", ...extra });
          const error = await intruder.waitFor("error");
          assertEquals(error.data!.code, code, JSON.stringify(extra));
          assertEquals(error.session_id, sessionId);
          assert(String(error.data!.message).includes("/api/control-key"), String(error.data!.message));
        }
        await assertMissing(`${rig.workspace}/approve-me/key.txt`);
        assertEquals(ui.ofType("shield_verdict").length, 0, "the prompt is still open");
      },
    );

    await t.step("command frames without a key are refused and do nothing", async () => {
      intruder.clear();
      intruder.send({ type: "command", session_id: sessionId, content: "/title Owned" });
      assertEquals((await intruder.waitFor("error")).data!.code, "CONTROL_KEY_REQUIRED");
      intruder.send({ type: "ping" });
      await intruder.waitFor("pong");
      assertEquals(intruder.ofType("command_result").length, 0);
      const session = await (await fetch(`${rig.engine.url}/api/sessions/${sessionId}`)).json();
      assertEquals(session.title === "Owned", false);
    });

    await t.step("the UI's own key approves, and the audit names exactly one decision", async () => {
      ui.send({ type: "tier3_decision", action_id: actionId, decision: "approve" });
      await ui.waitFor("response_complete");
      assertVerdict(turnEvents(ui), 0, { decision: "ALLOW", tier: 3, reason: "Approved by the user" });
      assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/key.txt`), "k\n");
      const decisions = (await auditEntries(rig)).filter((entry) => entry.event === "tier3_decision");
      assertEquals(decisions.length, 1);
    });
    await Promise.all([intruder.close(), ui.close()]);
  } finally {
    await rig.close();
  }
});

Deno.test("with a password, a session watched only by clients without login or key has nobody to ask: Tier 3 is denied at once", async () => {
  const rig = await startShieldRig({
    testPolicy: true,
    config: { web: { password_hash: hashPassword(PASSWORD) } },
  });
  try {
    const sessionId = await rig.newSession();
    const watcher = await WsClient.connect(rig.engine.wsUrl, sessionId);
    rig.script(toolSteps(GUARDED_WRITE));
    watcher.send({ type: "message", session_id: sessionId, content: "Write the key file" });
    await watcher.waitFor("response_complete");
    assertEquals(watcher.ofType("tier3_approval_required").length, 0);
    assertVerdict(turnEvents(watcher), 0, {
      decision: "BLOCK",
      tier: 3,
      reason: "Approval unavailable: no client could answer",
    });
    await watcher.close();
  } finally {
    await rig.close();
  }
});

Deno.test("without a password, a plain client of the spec's protocol (no key) answers Tier 3 and runs commands", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    const sessionId = await rig.newSession();
    const client = await WsClient.connect(rig.engine.wsUrl, sessionId);
    rig.script(toolSteps(GUARDED_WRITE));
    client.send({ type: "message", session_id: sessionId, content: "Write the key file" });
    const asked = (await client.waitFor("tier3_approval_required")).data!;
    client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "approve" });
    await client.waitFor("response_complete");
    assertVerdict(turnEvents(client), 0, { decision: "ALLOW", tier: 3, reason: "Approved by the user" });
    assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/key.txt`), "k\n");
    client.send({ type: "command", session_id: sessionId, content: "/title Plain" });
    assertEquals((await client.waitFor("command_result")).data!.ok, true);
    await client.close();
  } finally {
    await rig.close();
  }
});

Deno.test("control keys: handed only to same-origin callers with the header, single-use, gone with the connection", async (t) => {
  const engine = await startTestEngine();
  const keyUrl = `${engine.url}/api/control-key`;
  try {
    await t.step(
      "without X-Parapet-Control, from another origin or a cross-site fetch: refused",
      async () => {
        const cases: [Record<string, string>, number, string][] = [
          [{}, 403, "CONTROL_HEADER_REQUIRED"],
          [{ "x-parapet-control": "1", origin: "http://localhost:8000" }, 403, "ORIGIN_NOT_ALLOWED"],
          [{ "x-parapet-control": "1", "sec-fetch-site": "cross-site" }, 403, "CONTROL_KEY_REFUSED"],
          [{ "x-parapet-control": "1", "sec-fetch-site": "same-site" }, 403, "CONTROL_KEY_REFUSED"],
        ];
        for (const [headers, status, code] of cases) {
          const response = await fetch(keyUrl, { method: "POST", headers });
          assertEquals(response.status, status, JSON.stringify(headers));
          assertEquals((await response.json()).code, code);
        }
        const get = await fetch(keyUrl, { headers: { "x-parapet-control": "1" } });
        assert(get.status >= 400, "only POST hands out keys");
        await get.body?.cancel();
      },
    );

    await t.step("the engine's own page gets a fresh key every time, never cached", async () => {
      const headers = {
        "x-parapet-control": "1",
        origin: `http://127.0.0.1:${engine.port}`,
        "sec-fetch-site": "same-origin",
      };
      const first = await fetch(keyUrl, { method: "POST", headers });
      assertEquals(first.status, 200);
      assertEquals(first.headers.get("cache-control"), "no-store");
      const { key } = await first.json();
      assert(/^[0-9a-f]{64}$/.test(key), key);
      const second = await (await fetch(keyUrl, { method: "POST", headers })).json();
      assert(second.key !== key);
    });

    await t.step("a key claims one connection: a second upgrade with it is refused", async () => {
      const key = await fetchControlKey(engine.wsUrl);
      const client = await WsClient.connect(engine.wsUrl, undefined, undefined, key);
      const again = await rawRequest(engine.port, "GET", `/api/ws?key=${key}`, UPGRADE_HEADERS);
      assertEquals(again.status, 403);
      assertEquals(JSON.parse(again.body).code, "CONTROL_KEY_INVALID");
      await client.close();
      // Closing the connection drops the key for good.
      const afterClose = await rawRequest(engine.port, "GET", `/api/ws?key=${key}`, UPGRADE_HEADERS);
      assertEquals(afterClose.status, 403);
    });

    await t.step("a connection opened without a key may claim one with its first keyed frame", async () => {
      const session = await (await fetch(`${engine.url}/api/sessions`, { method: "POST" })).json();
      const client = await WsClient.connect(engine.wsUrl, session.id);
      const key = await fetchControlKey(engine.wsUrl);
      client.send({ type: "command", session_id: session.id, content: "/title Claimed", key });
      assertEquals((await client.waitFor("command_result")).data!.ok, true);
      const other = await WsClient.connect(engine.wsUrl, session.id);
      other.send({ type: "command", session_id: session.id, content: "/title Stolen", key });
      assertEquals((await other.waitFor("error")).data!.code, "CONTROL_KEY_INVALID");
      await Promise.all([client.close(), other.close()]);
    });
  } finally {
    await engine.stop();
  }
});

Deno.test("with web.password_hash on localhost, control needs a login and ends with it", async (t) => {
  const engine = await startTestEngine({ config: { web: { password_hash: hashPassword("pw") } } });
  try {
    await t.step("reading needs no login on localhost, a control key does", async () => {
      const status = await fetch(`${engine.url}/api/status`);
      assertEquals(status.status, 200);
      await status.body?.cancel();
      const refused = await fetch(`${engine.url}/api/control-key`, {
        method: "POST",
        headers: { "x-parapet-control": "1" },
      });
      assertEquals(refused.status, 401);
      assertEquals((await refused.json()).code, "UNAUTHORIZED");
    });

    await t.step("logging out revokes the keys of that login on open connections", async () => {
      const login = await fetch(`${engine.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ password: "pw" }),
      });
      const cookie = login.headers.get("set-cookie")!.split(";")[0];
      await login.body?.cancel();
      const session = await (await fetch(`${engine.url}/api/sessions`, { method: "POST" })).json();
      const client = await WsClient.connectWithKey(engine.wsUrl, session.id, { cookie });
      client.send({ type: "command", session_id: session.id, content: "/title Before logout" });
      assertEquals((await client.waitFor("command_result")).data!.ok, true);
      const logout = await fetch(`${engine.url}/api/logout`, { method: "POST", headers: { cookie } });
      await logout.body?.cancel();
      client.clear();
      client.send({ type: "command", session_id: session.id, content: "/title After logout" });
      assertEquals((await client.waitFor("error")).data!.code, "CONTROL_KEY_INVALID");
      await client.close();
    });
  } finally {
    await engine.stop();
  }
});
