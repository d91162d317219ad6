/** MCP servers in the real engine: the test server's tools listed by GET /api/tools (the poisoned one not),
 * calls through Shield (a read-only tool runs, a destructive one goes to the human), a refused poisoned tool,
 * the server crashing and coming back, and tools.disabled_groups mcp. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import { testMcpServer } from "../support/mcp_server_command.ts";
import { eventually } from "./sub_agent_support.ts";
import type { ScriptStep } from "../support/fake_llm.ts";

type Json = Record<string, unknown>;

async function toolNames(url: string): Promise<string[]> {
  return ((await (await fetch(`${url}/api/tools`)).json()) as { name: string }[]).map((tool) => tool.name);
}

function calls(...steps: { name: string; arguments: object }[]): ScriptStep[] {
  return [...steps.map((step) => ({ toolCalls: [step] })), { text: "Done." }];
}

Deno.test("mcp e2e: tools listed, called through Shield, poisoned one refused, crash and restart", async (t) => {
  const rig = await startAgentRig({ config: { mcp: { servers: [testMcpServer("notes")] } } });
  try {
    const url = rig.engine.url;
    await t.step(
      "GET /api/tools lists the server's tools under their engine names, not the poisoned one",
      async () => {
        const names = await eventually(async () => {
          const found = await toolNames(url);
          return found.includes("mcp__notes__read_note") ? found : undefined;
        }, "the MCP tools");
        for (const name of ["mcp__notes__read_note", "mcp__notes__delete_all_notes", "mcp__notes__crash"]) {
          assert(names.includes(name), name);
        }
        assert(!names.includes("mcp__notes__search_notes"));
        assert(names.includes("read_file"), "built-in tools stay");
        const settings = await (await fetch(`${url}/api/settings`)).json() as { mcp: { servers: Json[] } };
        assertEquals(settings.mcp.servers[0].name, "notes");
      },
    );

    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    const turn = (steps: ScriptStep[], content: string) => {
      const queue = [...steps];
      rig.llm.setFallback(() => queue.shift() ?? { text: "Done." });
      client.clear();
      client.send({ type: "message", session_id: sessionId, content });
    };

    await t.step("a read-only tool is allowed and its result reaches the model", async () => {
      turn(calls({ name: "mcp__notes__read_note", arguments: { name: "greeting" } }), "Read the note");
      await client.waitFor("response_complete");
      const verdict = client.ofType("shield_verdict")[0].data!;
      assertEquals(verdict.decision, "ALLOW");
      const done = client.ofType("action_completed")[0].data!;
      assertEquals([done.is_error, done.result], [false, "Hello from the test MCP server"]);
    });

    await t.step(
      "a destructive tool goes to the human (Tier 3); a denial keeps it from running",
      async () => {
        await turn(
          calls({ name: "mcp__notes__delete_all_notes", arguments: { confirm: true } }),
          "Delete all notes",
        );
        const asked = await client.waitFor("tier3_approval_required");
        assertEquals(asked.data?.tool_name, "mcp__notes__delete_all_notes");
        client.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "deny" });
        await client.waitFor("response_complete");
        const done = client.ofType("action_completed")[0].data!;
        assertEquals(done.is_error, true);
        await turn(
          calls({ name: "mcp__notes__read_note", arguments: { name: "greeting" } }),
          "Read it again",
        );
        await client.waitFor("response_complete");
        assertEquals(client.ofType("action_completed")[0].data?.result, "Hello from the test MCP server");
      },
    );

    await t.step("calling the poisoned tool is refused: it was never offered", async () => {
      turn(calls({ name: "mcp__notes__search_notes", arguments: { query: "x" } }), "Search");
      await client.waitFor("response_complete");
      const done = client.ofType("action_completed")[0].data!;
      assertEquals(done.is_error, true);
      assert(String(done.result).includes("was not offered"), String(done.result));
    });

    await t.step("the server crashing takes its tools away until it is back", async () => {
      turn(calls({ name: "mcp__notes__crash", arguments: {} }), "Crash it");
      await client.waitFor("response_complete");
      await eventually(async () => {
        const names = await toolNames(url);
        return names.includes("mcp__notes__read_note") ? true : undefined;
      }, "the server to come back");
      await turn(
        calls({ name: "mcp__notes__read_note", arguments: { name: "greeting" } }),
        "Read after crash",
      );
      await client.waitFor("response_complete");
      assertEquals(client.ofType("action_completed")[0].data?.result, "Hello from the test MCP server");
      const logs = await (await fetch(`${url}/api/logs?event=mcp_server&lines=50`)).json() as {
        entries: Json[];
      };
      assert(logs.entries.some((entry) => entry.event === "mcp_server_down"), JSON.stringify(logs.entries));
    });
  } finally {
    await rig.close();
  }
});

Deno.test("mcp e2e: tools.disabled_groups mcp starts no server and offers no MCP tool", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet-mcp-off-" });
  const marker = `${root}/started`;
  const rig = await startAgentRig({
    config: {
      tools: { disabled_groups: ["mcp"] },
      mcp: { servers: [testMcpServer("notes", `--marker=${marker}`)] },
    },
  });
  try {
    const names = await toolNames(rig.engine.url);
    assert(!names.some((name) => name.startsWith("mcp__")), names.join(","));
    const started = await Deno.stat(marker).then(() => true, () => false);
    assertEquals(started, false, "the server was never started");
  } finally {
    await rig.close();
    await Deno.remove(root, { recursive: true });
  }
});
