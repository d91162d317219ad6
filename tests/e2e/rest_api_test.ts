import { assert, assertEquals } from "../support/assert.ts";
import { startTestEngine, type TestEngine } from "../support/engine_harness.ts";

async function call(
  engine: TestEngine,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${engine.url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function assertErrorBody(body: unknown): void {
  assert(typeof body === "object" && body !== null, "error body is an object");
  const record = body as Record<string, unknown>;
  assertEquals(typeof record.error, "string");
  assert(!String(record.error).includes("    at "), "no stack trace in an error");
}

Deno.test("REST API: every endpoint answers with the spec's shapes and codes", async (t) => {
  const engine = await startTestEngine();
  try {
    await t.step("GET /api/status has every status field with its type", async () => {
      const { status, body, headers } = await call(engine, "GET", "/api/status");
      assertEquals(status, 200);
      assert(headers.get("content-type")!.includes("application/json"));
      assertEquals(typeof body.agent_name, "string");
      assertEquals(typeof body.agent_avatar, "string");
      assertEquals(typeof body.model, "string");
      assertEquals(body.session_count, 0);
      assertEquals(body.workspace, await Deno.realPath(engine.workspace));
      assertEquals(typeof body.shield.active, "boolean");
      assertEquals(body.shield.tier2_used, 0);
      assertEquals(body.shield.tier2_budget, 100);
      for (const key of ["active", "filesystem", "network"]) {
        assertEquals(typeof body.sandbox[key], "boolean");
      }
      assertEquals(typeof body.sandbox.mode, "string");
    });

    let sessionId = "";
    await t.step("POST /api/sessions creates a normal session (201) and an OTR one", async () => {
      const created = await call(engine, "POST", "/api/sessions");
      assertEquals(created.status, 201);
      assertEquals(created.body.mode, "normal");
      assertEquals(typeof created.body.id, "string");
      assertEquals(created.body.title, "");
      sessionId = created.body.id;
      const otr = await call(engine, "POST", "/api/sessions", { mode: "otr" });
      assertEquals(otr.status, 201);
      assertEquals(otr.body.mode, "otr");
      const normal = await call(engine, "POST", "/api/sessions", { mode: "normal" });
      assertEquals(normal.body.mode, "normal");
    });

    await t.step("GET /api/sessions lists most recent first", async () => {
      const { status, body } = await call(engine, "GET", "/api/sessions");
      assertEquals(status, 200);
      assertEquals(body.length, 3);
      assertEquals(body[0].mode, "normal");
      assertEquals(body[2].id, sessionId);
      for (let index = 1; index < body.length; index++) {
        assert(body[index - 1].updated_at >= body[index].updated_at);
      }
    });

    await t.step("GET, PATCH and messages of one session", async () => {
      const got = await call(engine, "GET", `/api/sessions/${sessionId}`);
      assertEquals(got.status, 200);
      assertEquals(got.body.id, sessionId);
      const renamed = await call(engine, "PATCH", `/api/sessions/${sessionId}`, {
        title: "Quarterly report planning",
      });
      assertEquals(renamed.status, 200);
      assertEquals(renamed.body, { status: "ok" });
      assertEquals(
        (await call(engine, "GET", `/api/sessions/${sessionId}`)).body.title,
        "Quarterly report planning",
      );
      const messages = await call(engine, "GET", `/api/sessions/${sessionId}/messages`);
      assertEquals(messages.status, 200);
      assertEquals(messages.body, []);
    });

    await t.step("GET /api/sessions/search finds titles and wraps results", async () => {
      const { status, body } = await call(engine, "GET", "/api/sessions/search?q=quarterly");
      assertEquals(status, 200);
      assertEquals(body.results.length, 1);
      assertEquals(body.results[0].session_id, sessionId);
      assertEquals(body.results[0].title, "Quarterly report planning");
      assertEquals(typeof body.results[0].snippet, "string");
      for (const hostile of ['"', "*", "AND OR NOT", "NEAR(", "a:b", "-x"]) {
        const response = await call(engine, "GET", `/api/sessions/search?q=${encodeURIComponent(hostile)}`);
        assertEquals(response.status, 200, `query ${hostile}`);
        assert(Array.isArray(response.body.results));
      }
      const missing = await call(engine, "GET", "/api/sessions/search");
      assertEquals(missing.status, 400);
      assertErrorBody(missing.body);
      assertEquals((await call(engine, "GET", "/api/sessions/search?q=%20")).status, 400);
    });

    await t.step("unknown session ids are 404 with an error body", async () => {
      for (
        const [method, path] of [["GET", "/api/sessions/nope"], ["DELETE", "/api/sessions/nope"], [
          "GET",
          "/api/sessions/nope/messages",
        ]]
      ) {
        const response = await call(engine, method, path);
        assertEquals(response.status, 404, `${method} ${path}`);
        assertErrorBody(response.body);
      }
      const patched = await call(engine, "PATCH", "/api/sessions/nope", { title: "x" });
      assertEquals(patched.status, 404);
    });

    await t.step("bad bodies are 400 naming the problem", async () => {
      const malformed = await call(engine, "POST", "/api/sessions", "{not json");
      assertEquals(malformed.status, 400);
      assert(malformed.body.error.includes("JSON"));
      const wrongMode = await call(engine, "POST", "/api/sessions", { mode: "secret" });
      assertEquals(wrongMode.status, 400);
      assert(wrongMode.body.error.includes("mode"));
      const wrongType = await call(engine, "PATCH", `/api/sessions/${sessionId}`, { title: 42 });
      assertEquals(wrongType.status, 400);
      assert(wrongType.body.error.includes("title"));
      const empty = await call(engine, "PATCH", `/api/sessions/${sessionId}`, { title: "   " });
      assertEquals(empty.status, 400);
    });

    await t.step("bodies over 1 MiB are 413", async () => {
      const huge = JSON.stringify({ title: "x".repeat(1024 * 1024 + 10) });
      const response = await call(engine, "PATCH", `/api/sessions/${sessionId}`, huge);
      assertEquals(response.status, 413);
      assertErrorBody(response.body);
    });

    await t.step("GET /api/tools lists enabled tools with name and description", async () => {
      const { status, body } = await call(engine, "GET", "/api/tools");
      assertEquals(status, 200);
      const names = body.map((tool: { name: string }) => tool.name);
      for (
        const name of [
          "read_file",
          "write_file",
          "execute_command",
          "git_status",
          "http_request",
          "memory_search",
        ]
      ) {
        assert(names.includes(name), `${name} listed`);
      }
      for (const tool of body) {
        assertEquals(typeof tool.name, "string");
        assertEquals(typeof tool.description, "string");
      }
    });

    await t.step("GET /api/settings is the read-only view with secrets masked", async () => {
      const { status, body } = await call(engine, "GET", "/api/settings");
      assertEquals(status, 200);
      assertEquals(body.read_only, true);
      assertEquals(typeof body.edit_hint, "string");
      assertEquals(Object.keys(body.agent).sort(), ["avatar", "name"]);
      assertEquals(Object.keys(body.chat).sort(), ["api_key_configured", "base_url", "model", "provider"]);
      assertEquals(typeof body.shield.policy, "string");
      assertEquals(Object.keys(body.shield.evaluator).sort(), ["model", "provider"]);
      assertEquals(body.shield.tier2_budget, 100);
      assertEquals(typeof body.shield.tier2_used_today, "number");
      assertEquals(typeof body.memory.embedding.api_key_configured, "boolean");
      assert(Array.isArray(body.mcp.servers));
      assertEquals(typeof body.email.configured, "boolean");
      assert(Array.isArray(body.email.oauth_accounts));
      assertEquals(typeof body.calendar.configured, "boolean");
      assertEquals(body.web.port, 3100);
      assertEquals(typeof body.sandbox.active, "boolean");
      for (const method of ["PUT", "POST", "PATCH"]) {
        const write = await call(engine, method, "/api/settings", {});
        assert(write.status === 404 || write.status === 405, `${method} /api/settings refused`);
      }
    });

    await t.step("channels and sub-agents", async () => {
      assertEquals((await call(engine, "GET", "/api/channels")).body, { channels: [] });
      const noName = await call(engine, "POST", "/api/channels/detach", {});
      assertEquals(noName.status, 400);
      const unavailable = await call(engine, "POST", "/api/channels/detach", { channel: "telegram" });
      assertEquals(unavailable.status, 503);
      assertErrorBody(unavailable.body);
      assertEquals((await call(engine, "GET", "/api/sub-agents")).body, []);
    });

    await t.step("DELETE removes the session and its messages (204)", async () => {
      const response = await fetch(`${engine.url}/api/sessions/${sessionId}`, { method: "DELETE" });
      assertEquals(response.status, 204);
      assertEquals(await response.text(), "");
      assertEquals((await call(engine, "GET", `/api/sessions/${sessionId}`)).status, 404);
      assertEquals((await call(engine, "GET", "/api/sessions/search?q=quarterly")).body.results, []);
    });

    await t.step("unknown routes are 404 JSON and security headers are set", async () => {
      const response = await call(engine, "GET", "/api/nothing-here");
      assertEquals(response.status, 404);
      assertErrorBody(response.body);
      const api = await fetch(`${engine.url}/api/status`);
      await api.body?.cancel();
      assertEquals(api.headers.get("x-content-type-options"), "nosniff");
      for (const path of ["/", "/index.html", "/some/client/route"]) {
        const page = await fetch(`${engine.url}${path}`);
        await page.body?.cancel();
        assertEquals(page.status, 200, path);
        assert(page.headers.get("content-type")!.startsWith("text/html"), path);
        const policy = page.headers.get("content-security-policy")!;
        assert(policy.includes("script-src 'self'") && !policy.includes("unsafe-eval"), path);
        assert(policy.includes("frame-ancestors 'none'"), path);
        assertEquals(page.headers.get("x-content-type-options"), "nosniff");
        assertEquals(page.headers.get("x-frame-options"), "DENY");
      }
      const missing = await fetch(`${engine.url}/missing-module.js`);
      assertEquals(missing.status, 404);
      assert(missing.headers.get("content-security-policy"), "errors outside /api carry the page headers");
      await missing.body?.cancel();
    });

    await t.step("foreign Origin and Host headers are refused", async () => {
      const foreign = await call(engine, "POST", "/api/sessions", {}, { origin: "https://evil.example" });
      assertEquals(foreign.status, 403);
      const local = await call(engine, "POST", "/api/sessions", {}, {
        origin: `http://localhost:${engine.port}`,
      });
      assertEquals(local.status, 201);
      // fetch will not send a forged Host header, so speak HTTP/1.1 by hand like a rebinding page's browser would.
      assert((await rawGet(engine.port, "/api/status", "evil.example")).startsWith("HTTP/1.1 403"));
      assert(
        (await rawGet(engine.port, "/api/status", `localhost:${engine.port}`)).startsWith("HTTP/1.1 200"),
      );
    });
  } finally {
    await engine.stop();
  }
});

async function rawGet(port: number, path: string, host: string): Promise<string> {
  const connection = await Deno.connect({ hostname: "127.0.0.1", port });
  await connection.write(
    new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  );
  let text = "";
  const buffer = new Uint8Array(4096);
  while (true) {
    const read = await connection.read(buffer);
    if (read === null) break;
    text += new TextDecoder().decode(buffer.subarray(0, read));
  }
  connection.close();
  return text;
}
