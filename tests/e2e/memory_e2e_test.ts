import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";

Deno.test("memory end to end: written in one session, found by search and prompt in the next", async (t) => {
  const rig = await startAgentRig();
  try {
    await t.step("the agent writes a memory through the pipeline", async () => {
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      rig.llm.enqueue(
        {
          toolCalls: [{
            name: "memory_write",
            arguments: { section: "Preferences", content: "The user prefers oolong tea in the afternoon." },
          }],
        },
        { text: "I will remember that." },
      );
      client.send({ type: "message", session_id: sessionId, content: "Remember that I like oolong tea" });
      await client.waitFor("response_complete");
      const completed = client.ofType("action_completed")[0].data!;
      assertEquals(completed.tool_name, "memory_write");
      assertEquals(completed.is_error, false, String(completed.result));
      assert((await Deno.readTextFile(`${rig.engine.workspace}/MEMORY.md`)).includes("oolong tea"));
    });

    await t.step("a new session finds it through the search API and in its prompt", async () => {
      const results = await (await fetch(`${rig.engine.url}/api/memory/search?q=oolong`)).json();
      assert(Array.isArray(results) && results.length >= 1 && results.length <= 10);
      assertEquals(results[0].path, "MEMORY.md");
      assert(String(results[0].section).includes("Preferences"));
      assert(String(results[0].snippet).toLowerCase().includes("oolong"));
      const sessionId = await rig.newSession();
      const client = await rig.connect(sessionId);
      rig.llm.enqueue({ text: "You like oolong tea." });
      client.send({ type: "message", session_id: sessionId, content: "What tea do I like?" });
      await client.waitFor("response_complete");
      const system = rig.llm.requests.at(-1)!.body.messages[0].content as string;
      assert(system.includes("oolong tea"), "the memory is in the new session's system prompt");
    });

    await t.step("a hand edit of MEMORY.md shows up in search; removed text is gone", async () => {
      const path = `${rig.engine.workspace}/MEMORY.md`;
      const text = await Deno.readTextFile(path);
      await Deno.writeTextFile(
        path,
        text.replace("oolong tea", "jasmine tea") + "\n## Garden\nTomatoes need staking in June.\n",
      );
      const jasmine = await (await fetch(`${rig.engine.url}/api/memory/search?q=jasmine`)).json();
      assertEquals(jasmine.length, 1);
      assertEquals(await (await fetch(`${rig.engine.url}/api/memory/search?q=oolong`)).json(), []);
      const staking = await (await fetch(`${rig.engine.url}/api/memory/search?q=staking`)).json();
      assertEquals(staking[0].section, "Garden");
    });

    await t.step("GET /api/memory/{type} serves memory files only", async () => {
      const file = await (await fetch(`${rig.engine.url}/api/memory/MEMORY.md`)).json();
      assertEquals(file.type, "MEMORY.md");
      assert(file.content.includes("jasmine tea"));
      for (
        const path of [
          "config.yaml",
          "..%2Fconfig.yaml",
          "%2E%2E%2Fconfig.yaml",
          ".engine%2Fengine.db",
          "NOPE.md",
        ]
      ) {
        const response = await fetch(`${rig.engine.url}/api/memory/${path}`);
        assertEquals(response.status, 404, path);
        assertEquals(typeof (await response.json()).error, "string");
      }
    });

    await t.step("hostile queries return results or nothing, never an error; empty q is 400", async () => {
      for (
        const query of [
          '"',
          "*",
          "AND OR NOT",
          "NEAR(",
          "tea*",
          "a:b",
          "-x",
          "(",
          "^",
          "\u0000",
          "'; DROP TABLE x; --",
        ]
      ) {
        const response = await fetch(`${rig.engine.url}/api/memory/search?q=${encodeURIComponent(query)}`);
        assertEquals(response.status, 200, query);
        assert(Array.isArray(await response.json()));
      }
      for (const query of ["", "%20%20"]) {
        const response = await fetch(`${rig.engine.url}/api/memory/search?q=${query}`);
        assertEquals(response.status, 400);
        await response.body?.cancel();
      }
      const missing = await fetch(`${rig.engine.url}/api/memory/search`);
      assertEquals(missing.status, 400);
      await missing.body?.cancel();
    });

    await t.step("an OTR session never writes memory", async () => {
      const sessionId = await rig.newSession("otr");
      const client = await rig.connect(sessionId);
      rig.llm.enqueue(
        {
          toolCalls: [{ name: "memory_write", arguments: { section: "Secrets", content: "otr-only-fact" } }],
        },
        { text: "Not stored." },
      );
      client.send({ type: "message", session_id: sessionId, content: "remember this privately" });
      await client.waitFor("response_complete");
      assertEquals(client.ofType("otr_blocked")[0].data!.tool_name, "memory_write");
      assert(!(await Deno.readTextFile(`${rig.engine.workspace}/MEMORY.md`)).includes("otr-only-fact"));
    });
  } finally {
    await rig.close();
  }
});

Deno.test("memory writes are blocked once the session's taint reaches memory_block_levels, saying why", async () => {
  const rig = await startAgentRig();
  try {
    await Deno.mkdir(`${rig.engine.workspace}/keys`, { recursive: true });
    await Deno.writeTextFile(
      `${rig.engine.workspace}/keys/server.pem`,
      "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
    );
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue(
      { toolCalls: [{ name: "read_file", arguments: { path: "keys/server.pem" } }] },
      {
        toolCalls: [{
          name: "memory_write",
          arguments: { section: "Keys", content: "the key starts with abc" },
        }],
      },
      { text: "Done." },
    );
    client.send({ type: "message", session_id: sessionId, content: "read the key and remember it" });
    await client.waitFor("response_complete");
    const verdicts = client.ofType("shield_verdict").map((event) => event.data!);
    const memoryVerdict = verdicts.at(-1)!;
    assert(memoryVerdict.decision !== "ALLOW", JSON.stringify(verdicts));
    assert(/information flow|taint|IFC/i.test(String(memoryVerdict.reason)), String(memoryVerdict.reason));
    assert(!(await Deno.readTextFile(`${rig.engine.workspace}/MEMORY.md`)).includes("starts with abc"));
  } finally {
    await rig.close();
  }
});
