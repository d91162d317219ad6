/** The HTTP surface driven through the app's own fetch, with fake services: no server, no socket. */
import assert from "node:assert/strict";
import { createApiApp } from "../../src/routes/api_app.ts";
import type { ApiServices, ChannelController } from "../../src/routes/services.ts";
import { AuthService } from "../../src/routes/auth_service.ts";
import { ControlKeys } from "../../src/ws/control_keys.ts";
import { LoginStore } from "../../src/store/login_store.ts";
import { openDatabase } from "../../src/store/database.ts";
import { silentLogger } from "../../src/log/logger.ts";
import { fakeClock, memorySessions } from "../support/core_fakes.ts";
import { hashPassword } from "../support/engine_harness.ts";

const REMOTE = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 50000 } as Deno.NetAddr };

function app(overrides: Partial<ApiServices> = {}, password?: string) {
  const clock = fakeClock();
  const sessions = memorySessions(clock);
  const auth = new AuthService(
    password !== undefined,
    password === undefined ? undefined : hashPassword(password),
    new LoginStore(openDatabase(":memory:")),
    clock,
  );
  const calls: string[] = [];
  const services: ApiServices = {
    sessions,
    auth,
    controlKeys: new ControlKeys({ now: () => clock.now(), ownerValid: () => true }),
    status: () => '{"status":"ok"}',
    settings: () => '{"settings":true}',
    tools: () => '[{"name":"read_file","description":"reads"}]',
    restart: () => void calls.push("restart"),
    logs: (query) => Promise.resolve({ entries: [], query }),
    audit: (query) => Promise.resolve({ entries: [], query }),
    metrics: { summary: (period) => ({ period }), session: (id) => ({ id }), daily: (days) => [{ days }] },
    memory: {
      search: (query) => Promise.resolve([{ path: "MEMORY.md", section: "Notes", snippet: query }]),
      readFile: (type) => Promise.resolve(type === "MEMORY.md" ? { type, content: "# Memory" } : null),
    },
    modelCheck: (fresh) => Promise.resolve({ ok: true, fresh }),
    ...overrides,
  };
  const handler = createApiApp({
    services,
    origin: { bindHost: "127.0.0.1", allowedOrigins: [] },
    logger: silentLogger,
    clientAddress: () => "127.0.0.1",
  });
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await handler.fetch(
      new Request(`http://127.0.0.1:3100${path}`, {
        method,
        headers: {
          host: "127.0.0.1:3100",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
      REMOTE,
    );
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return { request, sessions, calls };
}

Deno.test("routes: sessions are created, listed, renamed, read and deleted", async () => {
  const { request } = app();
  const created = await request("POST", "/api/sessions", { mode: "otr" });
  assert.equal(created.status, 201);
  assert.equal(created.body.mode, "otr");
  const plain = await request("POST", "/api/sessions");
  assert.equal(plain.body.mode, "normal");
  assert.equal((await request("GET", "/api/sessions")).body.length, 2);
  assert.deepEqual((await request("PATCH", `/api/sessions/${plain.body.id}`, { title: "Plans" })).body, {
    status: "ok",
  });
  assert.equal((await request("GET", `/api/sessions/${plain.body.id}`)).body.title, "Plans");
  assert.deepEqual((await request("GET", `/api/sessions/${plain.body.id}/messages`)).body, []);
  assert.equal((await request("DELETE", `/api/sessions/${plain.body.id}`)).status, 204);
  assert.equal((await request("GET", `/api/sessions/${plain.body.id}`)).status, 404);
});

Deno.test("routes: bad input is a 400 naming what is wrong; unknown ids are 404; never a stack", async () => {
  const { request } = app();
  const badJson = await request("POST", "/api/sessions", "{not json");
  assert.equal(badJson.status, 400);
  assert.equal(typeof badJson.body.error, "string");
  const badMode = await request("POST", "/api/sessions", { mode: "secret" });
  assert.equal(badMode.status, 400);
  assert.match(badMode.body.error, /mode/);
  const noQuery = await request("GET", "/api/sessions/search");
  assert.equal(noQuery.status, 400);
  assert.match(noQuery.body.error, /q/);
  const missing = await request("GET", "/api/sessions/nope");
  assert.deepEqual(Object.keys(missing.body).sort(), ["code", "error"]);
  assert.equal(missing.status, 404);
  assert.equal((await request("GET", "/api/logs?lines=abc")).status, 400);
  assert.equal((await request("GET", "/api/metrics/daily?days=999")).status, 400);
});

Deno.test("routes: an unexpected error is a 500 'Internal server error' without details", async () => {
  const { request } = app({
    status: () =>
      (() => {
        throw new Error("secret path /etc/x");
      })(),
  });
  const answer = await request("GET", "/api/status");
  assert.equal(answer.status, 500);
  assert.deepEqual(answer.body, { error: "Internal server error", code: "INTERNAL" });
});

Deno.test("routes: restart answers before the engine goes; views and trail pass their queries through", async () => {
  const { request, calls } = app();
  assert.deepEqual((await request("POST", "/api/restart")).body, { status: "restarting" });
  assert.deepEqual(calls, ["restart"]);
  assert.deepEqual((await request("GET", "/api/tools")).body, [{ name: "read_file", description: "reads" }]);
  assert.deepEqual((await request("GET", "/api/logs?lines=5&level=warn")).body.query, {
    lines: 5,
    offset: 0,
    level: "warn",
  });
  assert.deepEqual((await request("GET", "/api/metrics?period=weekly")).body, { period: "weekly" });
  assert.deepEqual((await request("GET", "/api/model-check?fresh=1")).body, { ok: true, fresh: true });
  assert.equal((await request("GET", "/api/memory/MEMORY.md")).body.content, "# Memory");
  assert.equal((await request("GET", "/api/memory/config.yaml")).status, 404);
  assert.equal((await request("GET", "/api/memory/search?q=notes")).body.length, 1);
});

Deno.test("routes: without channels the list is empty and detach is 503; with them, detach is by name", async () => {
  const none = app();
  assert.deepEqual((await none.request("GET", "/api/channels")).body, { channels: [] });
  assert.deepEqual((await none.request("GET", "/api/sub-agents")).body, []);
  assert.equal((await none.request("POST", "/api/channels/detach", { channel: "telegram" })).status, 503);
  const detached: string[] = [];
  const channels: ChannelController = {
    list: () => ["telegram"],
    detach: (name) => (detached.push(name), Promise.resolve(true)),
  };
  const some = app({ channels: () => channels });
  assert.deepEqual((await some.request("GET", "/api/channels")).body, { channels: ["telegram"] });
  assert.equal((await some.request("POST", "/api/channels/detach", { channel: "slack" })).status, 404);
  assert.equal((await some.request("POST", "/api/channels/detach", {})).status, 400);
  assert.deepEqual((await some.request("POST", "/api/channels/detach", { channel: "telegram" })).body, {
    status: "detached",
    channel: "telegram",
  });
  assert.deepEqual(detached, ["telegram"]);
});

Deno.test("routes: a foreign Origin or Host is refused before any route runs", async () => {
  const { request, sessions } = app();
  const foreign = await request("POST", "/api/sessions", {}, { origin: "https://evil.example" });
  assert.equal(foreign.status, 403);
  assert.equal(foreign.body.code, "ORIGIN_NOT_ALLOWED");
  const rebound = await request("GET", "/api/sessions", undefined, { host: "attacker.example:3100" });
  assert.equal(rebound.status, 403);
  assert.equal(sessions.list().length, 0);
});

Deno.test("routes: a body over 1 MiB is refused with 413", async () => {
  const { request } = app();
  const answer = await request("PATCH", "/api/sessions/x", { title: "x".repeat(1024 * 1024 + 10) });
  assert.equal(answer.status, 413);
  assert.equal(answer.body.code, "BODY_TOO_LARGE");
});

Deno.test("routes: the hot views answer only after the guard: no login, a foreign Host or Origin is refused first", async () => {
  const made: string[] = [];
  const view = (name: string, text: string) => () => (made.push(name), text);
  const { request } = app({
    status: view("status", '{"status":"ok"}'),
    settings: view("settings", '{"settings":true}'),
    tools: view("tools", "[]"),
  }, "correct horse battery");
  const paths = ["/api/status", "/api/settings", "/api/tools", "/api/sessions"];
  for (const path of paths) {
    assert.equal((await request("GET", path)).status, 401, path);
    assert.equal(
      (await request("GET", path, undefined, { host: "attacker.example:3100" })).status,
      403,
      path,
    );
    assert.equal(
      (await request("GET", path, undefined, { origin: "http://127.0.0.1:9999" })).status,
      403,
      path,
    );
  }
  // Spellings that decode to a hot path are judged on the decoded path; ambiguous ones reach nothing.
  assert.equal((await request("GET", "/api/%73tatus")).status, 401);
  assert.equal((await request("GET", "/api//status")).status, 404);
  assert.equal((await request("GET", "/api/%2573tatus")).status, 404);
  assert.deepEqual(made, []);

  const login = await request("POST", "/api/login", { password: "correct horse battery" });
  assert.equal(login.status, 200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const answer = await request("GET", "/api/status", undefined, { cookie });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, { status: "ok" });
  assert.equal(answer.headers.get("x-content-type-options"), "nosniff");
  assert.equal((await request("GET", "/api/%73tatus", undefined, { cookie })).status, 200);
  assert.deepEqual(made, ["status", "status"]);
});

Deno.test("routes: the session list is made again after every change to a session", async () => {
  const { request, sessions } = app();
  const first = sessions.create();
  assert.deepEqual((await request("GET", "/api/sessions")).body.map((s: { id: string }) => s.id), [first.id]);
  const second = sessions.create();
  assert.equal((await request("GET", "/api/sessions")).body.length, 2);
  sessions.rename(first.id, "Renamed");
  assert.equal(
    (await request("GET", "/api/sessions")).body.find((s: { id: string }) => s.id === first.id).title,
    "Renamed",
  );
  sessions.addMessage(second.id, { role: "user", content: "hello" });
  assert.equal(
    (await request("GET", "/api/sessions")).body.find((s: { id: string }) => s.id === second.id)
      .message_count,
    1,
  );
  sessions.clear(second.id);
  assert.equal(
    (await request("GET", "/api/sessions")).body.find((s: { id: string }) => s.id === second.id)
      .message_count,
    0,
  );
  sessions.delete(first.id);
  assert.deepEqual((await request("GET", "/api/sessions")).body.map((s: { id: string }) => s.id), [
    second.id,
  ]);
});
