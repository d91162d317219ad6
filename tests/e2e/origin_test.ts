/** Origins: only the engine's own (scheme, name it answers to, and the port it was reached on) and
 * web.allowed_origins; a page on another local port is another site. */
import { assert, assertEquals } from "../support/assert.ts";
import { startTestEngine } from "../support/engine_harness.ts";
import { rawRequest, UPGRADE_HEADERS } from "../support/raw_http.ts";

const OTHER_LOCAL_SITES = [
  "http://localhost:8000",
  "http://127.0.0.1:8000",
  "http://localhost",
  "https://localhost:PORT",
  "http://[::1]:1",
  "null",
  "http://evil.example",
];

Deno.test("Origin: only the engine's own origin and web.allowed_origins, on REST and the WebSocket upgrade", async (t) => {
  const engine = await startTestEngine({
    config: { web: { allowed_origins: ["https://parapet.example:8443"] } },
  });
  const host = `127.0.0.1:${engine.port}`;
  try {
    await t.step("another local port, another scheme, no port, null: refused everywhere", async () => {
      for (const template of OTHER_LOCAL_SITES) {
        const origin = template.replace("PORT", String(engine.port));
        const post = await rawRequest(engine.port, "POST", "/api/sessions", {
          origin,
          "content-type": "application/json",
          "content-length": "2",
        }, "{}");
        assertEquals(post.status, 403, `POST with Origin ${origin}`);
        assertEquals(JSON.parse(post.body).code, "ORIGIN_NOT_ALLOWED");
        const get = await rawRequest(engine.port, "GET", "/api/settings", { origin });
        assertEquals(get.status, 403, `GET with Origin ${origin}`);
        const upgrade = await rawRequest(engine.port, "GET", "/api/ws", { ...UPGRADE_HEADERS, origin });
        assertEquals(upgrade.status, 403, `upgrade with Origin ${origin}`);
      }
    });

    await t.step("the engine's own origin, under any name it answers to at its port: accepted", async () => {
      for (
        const origin of [
          `http://${host}`,
          `http://localhost:${engine.port}`,
          `http://LOCALHOST:${engine.port}`,
        ]
      ) {
        const get = await rawRequest(engine.port, "GET", "/api/status", { origin });
        assertEquals(get.status, 200, origin);
        const upgrade = await rawRequest(engine.port, "GET", "/api/ws", { ...UPGRADE_HEADERS, origin });
        assertEquals(upgrade.status, 101, origin);
      }
    });

    await t.step("a listed origin is accepted, by exact scheme, host and port", async () => {
      const listed = await rawRequest(engine.port, "GET", "/api/status", {
        origin: "https://parapet.example:8443",
      });
      assertEquals(listed.status, 200);
      for (
        const near of [
          "https://parapet.example",
          "http://parapet.example:8443",
          "https://parapet.example:8444",
        ]
      ) {
        const answer = await rawRequest(engine.port, "GET", "/api/status", { origin: near });
        assertEquals(answer.status, 403, near);
      }
    });

    await t.step("a foreign Host header is still refused (DNS rebinding)", async () => {
      const rebound = await rawRequest(engine.port, "GET", "/api/status", {
        host: `evil.example:${engine.port}`,
      });
      assertEquals(rebound.status, 403);
      assertEquals(JSON.parse(rebound.body).code, "HOST_NOT_ALLOWED");
    });

    await t.step("pages may connect only to their own origin (CSP connect-src 'self')", async () => {
      const page = await fetch(`${engine.url}/`);
      await page.body?.cancel();
      const policy = page.headers.get("content-security-policy")!;
      const connect = policy.split(";").map((part) => part.trim()).find((part) =>
        part.startsWith("connect-src")
      );
      assertEquals(connect, "connect-src 'self'");
      assert(!/\bws:|\bwss:/.test(policy), policy);
    });
  } finally {
    await engine.stop();
  }
});
