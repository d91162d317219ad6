import { assert, assertEquals } from "../support/assert.ts";
import { delay, hashPassword, startTestEngine } from "../support/engine_harness.ts";
import { WsClient } from "../support/ws_client.ts";

Deno.test("auth on a 0.0.0.0 bind: 401 without cookie, login, cookie works, WebSocket refused without it", async (t) => {
  const engine = await startTestEngine({
    config: { web: { host: "0.0.0.0", password_hash: hashPassword("correct horse") } },
  });
  try {
    await t.step("REST needs the cookie", async () => {
      const response = await fetch(`${engine.url}/api/status`);
      assertEquals(response.status, 401);
      assertEquals(typeof (await response.json()).error, "string");
    });

    await t.step("WebSocket upgrade without the cookie is 401 and no connection", async () => {
      const response = await fetch(`${engine.url}/api/ws`, {
        headers: {
          upgrade: "websocket",
          connection: "Upgrade",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
          "sec-websocket-version": "13",
        },
      });
      assertEquals(response.status, 401);
      await response.body?.cancel();
    });

    await t.step("wrong password is 401 and sets no cookie", async () => {
      const response = await fetch(`${engine.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ password: "nope" }),
      });
      assertEquals(response.status, 401);
      assertEquals(response.headers.get("set-cookie"), null);
      await response.body?.cancel();
    });

    let cookie = "";
    await t.step("login gives op_session with the contract's attributes", async () => {
      const response = await fetch(`${engine.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ password: "correct horse" }),
      });
      assertEquals(response.status, 200);
      assertEquals(await response.json(), { status: "ok" });
      const setCookie = response.headers.get("set-cookie")!;
      assert(setCookie.startsWith("op_session="), setCookie);
      for (const attribute of ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=86400"]) {
        assert(setCookie.includes(attribute), `${attribute} in ${setCookie}`);
      }
      cookie = setCookie.split(";")[0];
    });

    await t.step("the cookie works for REST and WebSocket", async () => {
      const response = await fetch(`${engine.url}/api/status`, { headers: { cookie } });
      assertEquals(response.status, 200);
      await response.body?.cancel();
      const client = await WsClient.connect(engine.wsUrl, undefined, { cookie });
      client.send({ type: "ping" });
      assertEquals(await client.waitFor("pong"), { type: "pong" });
      await client.close();
    });

    await t.step("a forged cookie is refused", async () => {
      const response = await fetch(`${engine.url}/api/status`, {
        headers: { cookie: `op_session=${"a".repeat(64)}` },
      });
      assertEquals(response.status, 401);
      await response.body?.cancel();
    });

    await t.step("logout ends the login", async () => {
      const response = await fetch(`${engine.url}/api/logout`, { method: "POST", headers: { cookie } });
      assertEquals(response.status, 200);
      await response.body?.cancel();
      const after = await fetch(`${engine.url}/api/status`, { headers: { cookie } });
      assertEquals(after.status, 401);
      await after.body?.cancel();
    });

    await t.step("login attempts are limited to 5 a minute per client", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await fetch(`${engine.url}/api/login`, {
          method: "POST",
          body: JSON.stringify({ password: "guess" }),
        });
        statuses.push(response.status);
        await response.body?.cancel();
      }
      // Two logins above already counted for this client within the minute.
      assert(statuses.includes(429), `statuses ${statuses}`);
      assertEquals(statuses.at(-1), 429);
    });

    await t.step("login successes and failures are audited without the password", async () => {
      // Appends are group-committed a few milliseconds after the request: wait for the last one to land.
      let audit = "";
      let events: string[] = [];
      for (let attempt = 0; attempt < 50 && !events.includes("login_failure"); attempt++) {
        await delay(50);
        audit = await Deno.readTextFile(`${engine.workspace}/.engine/audit.jsonl`);
        events = audit.trim().split("\n").map((line) => JSON.parse(line).event);
      }
      assert(events.includes("login_success"), events.join(","));
      assert(events.includes("login_failure"), events.join(","));
      assert(!audit.includes("correct horse") && !audit.includes("guess"), "no passwords in the audit log");
    });
  } finally {
    await engine.stop();
  }
});
