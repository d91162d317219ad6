import { assert, assertEquals } from "../support/assert.ts";
import { delay, hashPassword, startTestEngine } from "../support/engine_harness.ts";
import { WsClient } from "../support/ws_client.ts";
import { rawRequest, UPGRADE_HEADERS } from "../support/raw_http.ts";
import { parse, stringify } from "yaml";

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

/** Every spelling of an API path an attacker might try: percent-encoded letters and slashes, doubled slashes,
 * dot segments, letter case, double encoding. None may reach data or a socket without the login cookie. */
const API_SPELLINGS = [
  "/%61pi/sessions",
  "/%61pi/settings",
  "/%41PI/settings",
  "/api%2Fsessions",
  "/api%2fsettings",
  "//api/sessions",
  "/api//sessions",
  "/./api/sessions",
  "/api/./settings",
  "/x/../api/sessions",
  "/api/%2e%2e/api/sessions",
  "/API/sessions",
  "/Api/settings",
  "/%2561pi/sessions",
  "/api\\sessions",
];
const WS_SPELLINGS = [
  "/%61pi/ws",
  "/api%2Fws",
  "//api/ws",
  "/api/./ws",
  "/x/../api/ws",
  "/Api/ws",
  "/API/WS",
  "/%2561pi/ws",
];

Deno.test("auth is decided on the path the router uses: no encoded, doubled, dotted or cased path gets in", async (t) => {
  const engine = await startTestEngine({
    config: { web: { host: "0.0.0.0", password_hash: hashPassword("correct horse") } },
  });
  try {
    await t.step(
      "REST: every spelling is refused (401, or 404 for an ambiguous path) and never answers data",
      async () => {
        for (const path of API_SPELLINGS) {
          for (const method of ["GET", "POST", "DELETE"]) {
            const answer = await rawRequest(engine.port, method, path, { "content-length": "0" });
            assert(
              [401, 404].includes(answer.status),
              `${method} ${path} answered ${answer.status}: ${answer.body}`,
            );
            const body = JSON.parse(answer.body);
            assert(["UNAUTHORIZED", "INVALID_PATH"].includes(body.code), `${method} ${path}: ${answer.body}`);
          }
        }
      },
    );

    await t.step("WebSocket: no spelling of /api/ws upgrades without the cookie", async () => {
      for (const path of WS_SPELLINGS) {
        const answer = await rawRequest(engine.port, "GET", path, UPGRADE_HEADERS);
        assert([401, 404].includes(answer.status), `upgrade on ${path} answered ${answer.status}`);
      }
    });

    await t.step("everything outside the allow-list needs a login, static UI files do not", async () => {
      const page = await rawRequest(engine.port, "GET", "/");
      assertEquals(page.status, 200);
      assert(page.body.includes("<!doctype html>"), "the login page is public");
      const script = await rawRequest(engine.port, "GET", "/components/login_view.js");
      assertEquals(script.status, 200);
      for (const [method, path] of [["POST", "/"], ["PUT", "/app.js"], ["OPTIONS", "/api/sessions"]]) {
        const answer = await rawRequest(engine.port, method, path, { "content-length": "0" });
        assertEquals(answer.status, 401, `${method} ${path}`);
      }
    });

    await t.step(
      "with the cookie, an encoded spelling reaches the same route the guard checked",
      async () => {
        const login = await fetch(`${engine.url}/api/login`, {
          method: "POST",
          body: JSON.stringify({ password: "correct horse" }),
        });
        const cookie = login.headers.get("set-cookie")!.split(";")[0];
        await login.body?.cancel();
        const answer = await rawRequest(engine.port, "GET", "/%61pi/sessions", { cookie });
        assertEquals(answer.status, 200);
        assertEquals(JSON.parse(answer.body), []);
        const upgrade = await rawRequest(engine.port, "GET", "/%61pi/ws", { ...UPGRADE_HEADERS, cookie });
        assertEquals(upgrade.status, 101);
      },
    );
  } finally {
    await engine.stop();
  }
});

Deno.test("changing web.password_hash ends every earlier login", async () => {
  const engine = await startTestEngine({
    config: { web: { host: "0.0.0.0", password_hash: hashPassword("old password") } },
  });
  try {
    const login = async (password: string) => {
      const response = await fetch(`${engine.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ password }),
      });
      await response.body?.cancel();
      assertEquals(response.status, 200, `login with "${password}"`);
      return response.headers.get("set-cookie")!.split(";")[0];
    };
    const statusWith = async (cookie: string) => {
      const response = await fetch(`${engine.url}/api/status`, { headers: { cookie } });
      await response.body?.cancel();
      return response.status;
    };
    const oldCookie = await login("old password");
    assertEquals(await statusWith(oldCookie), 200);
    // A restart with the same password keeps the login.
    await engine.restart();
    assertEquals(await statusWith(oldCookie), 200);

    const config = parse(await Deno.readTextFile(engine.configPath)) as { web: Record<string, unknown> };
    config.web.password_hash = hashPassword("new password");
    await Deno.writeTextFile(engine.configPath, stringify(config));
    await engine.restart();
    assertEquals(await statusWith(oldCookie), 401, "the login made under the old password is gone");
    assertEquals(await statusWith(await login("new password")), 200);
  } finally {
    await engine.stop();
  }
});
