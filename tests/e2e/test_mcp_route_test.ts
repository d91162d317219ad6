/** POST /api/settings/test-mcp runs a program, so only a same-origin JSON request with a valid session may start
 * it: what an attacker's page or a stranger would send starts nothing (a marker file the command would write stays
 * absent); the allowed request lists the tools and is audited. */
import { assert, assertEquals } from "../support/assert.ts";
import { hashPassword, startTestEngine, type TestEngine } from "../support/engine_harness.ts";
import { testMcpServer } from "../support/mcp_server_command.ts";

type Json = Record<string, unknown>;

async function post(engine: TestEngine, headers: Record<string, string>, body: string) {
  const response = await fetch(`${engine.url}/api/settings/test-mcp`, { method: "POST", headers, body });
  return { status: response.status, body: await response.json() as Json };
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

Deno.test("test-mcp with a password: forged, cross-site and anonymous requests start nothing", async (t) => {
  const engine = await startTestEngine({ config: { web: { password_hash: hashPassword("secret-pw") } } });
  const marker = `${engine.root}/mcp-started`;
  const server = testMcpServer("probe", `--marker=${marker}`);
  const json = JSON.stringify(server);
  const form = new URLSearchParams({ name: "probe", command: server.command, args: server.args.join(" ") })
    .toString();
  try {
    const login = await fetch(`${engine.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "secret-pw" }),
    });
    await login.body?.cancel();
    const cookie = /op_session=[0-9a-f]+/.exec(login.headers.get("set-cookie") ?? "")![0];
    const own = engine.url;
    const refused: [string, Record<string, string>, string, number][] = [
      [
        "a cross-site form post",
        { origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded", cookie },
        form,
        403,
      ],
      [
        "a same-origin form post",
        { origin: own, "content-type": "application/x-www-form-urlencoded", cookie },
        form,
        415,
      ],
      [
        "a text/plain simple post carrying JSON",
        { origin: own, "content-type": "text/plain", cookie },
        json,
        415,
      ],
      [
        "a cross-site fetch",
        { "content-type": "application/json", "sec-fetch-site": "cross-site", cookie },
        json,
        403,
      ],
      [
        "an opaque origin (sandboxed frame)",
        { origin: "null", "content-type": "application/json", cookie },
        json,
        403,
      ],
      [
        "a JSON post without the login cookie",
        { origin: own, "content-type": "application/json" },
        json,
        401,
      ],
    ];
    for (const [label, headers, body, status] of refused) {
      await t.step(`${label} is refused with ${status}`, async () => {
        const answer = await post(engine, headers, body);
        assertEquals(answer.status, status, JSON.stringify(answer.body));
        assertEquals(await exists(marker), false, "the command never ran");
      });
    }
    await t.step(
      "a same-origin JSON post with the login lists the tools, and the command is audited",
      async () => {
        const answer = await post(engine, { origin: own, "content-type": "application/json", cookie }, json);
        assertEquals(answer.status, 200, JSON.stringify(answer.body));
        assertEquals(answer.body.success, true);
        const tools = answer.body.tools as Json[];
        assert(
          tools.some((tool) => tool.name === "read_note" && tool.engine_name === "mcp__probe__read_note"),
        );
        assert(
          String(tools.find((tool) => tool.name === "search_notes")?.refused).includes(
            "injected instructions",
          ),
        );
        assertEquals(await exists(marker), true);
        const audit = await (await fetch(`${engine.url}/api/audit?lines=200`, { headers: { cookie } }))
          .json();
        const entry = (audit.entries as Json[]).find((item) => item.event === "mcp_test");
        assertEquals((entry?.details as Json).command, server.command);
        assertEquals((entry?.details as Json).name, "probe");
      },
    );
    await t.step("bad input is a 400 naming the field", async () => {
      const answer = await post(
        engine,
        { origin: own, "content-type": "application/json", cookie },
        '{"name":"x"}',
      );
      assertEquals(answer.status, 400);
      assert(String(answer.body.error).includes("command"), String(answer.body.error));
    });
  } finally {
    await engine.stop();
  }
});

Deno.test("test-mcp on localhost without a password: a local JSON client may test, a foreign page may not", async () => {
  const engine = await startTestEngine();
  const marker = `${engine.root}/mcp-started`;
  const server = testMcpServer("probe", `--marker=${marker}`);
  try {
    const foreign = await post(
      engine,
      { origin: "http://127.0.0.1:1", "content-type": "application/json" },
      JSON.stringify(server),
    );
    assertEquals(foreign.status, 403);
    assertEquals(await exists(marker), false);
    const local = await post(engine, { "content-type": "application/json" }, JSON.stringify(server));
    assertEquals([local.status, local.body.success], [200, true]);
    assertEquals(await exists(marker), true);
  } finally {
    await engine.stop();
  }
});
