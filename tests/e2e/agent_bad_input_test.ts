import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";

interface Completed {
  tool_name: string;
  result: string;
  is_error: boolean;
}

Deno.test("agent bad input: every hostile tool call is a clear tool error and the turn finishes", async (t) => {
  const outside = await Deno.makeTempDir({ prefix: "parapet-outside-" });
  const rig = await startAgentRig({ config: { agents: { shell_timeout_seconds: 2 } } });
  const redirector = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () =>
      new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }),
  );
  try {
    await Deno.writeTextFile(`${outside}/precious.txt`, "do not touch");
    await Deno.symlink(outside, `${rig.engine.workspace}/escape`);
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);

    const turnWith = async (calls: { name: string; arguments: string | object }[]): Promise<Completed[]> => {
      client.clear();
      rig.llm.enqueue({ toolCalls: calls }, { text: "Done." });
      client.send({ type: "message", session_id: sessionId, content: "go" });
      const done = await client.waitFor("response_complete", undefined, 60_000);
      assertEquals(done.data!.content, "Done.");
      return client.ofType("action_completed").map((event) => event.data as unknown as Completed);
    };

    await t.step("malformed JSON arguments and wrong types", async () => {
      const results = await turnWith([
        { name: "write_file", arguments: '{"path": "a.txt", "content": ' },
        { name: "write_file", arguments: { path: 42, content: "x" } },
      ]);
      assertEquals(results.length, 2);
      for (const result of results) {
        assert(result.is_error && result.result.includes("Invalid arguments"), result.result);
      }
      assert(results[1].result.includes("path"));
      const toolMessages = rig.llm.requests.at(-1)!.body.messages.filter((message: { role: string }) =>
        message.role === "tool"
      );
      assertEquals(toolMessages.length, 2, "the errors went back to the model");
    });

    await t.step("a tool that was never offered is refused", async () => {
      const [result] = await turnWith([{ name: "format_disk", arguments: {} }]);
      assert(result.is_error && result.result.includes("not offered"), result.result);
    });

    await t.step("path traversal: ../, absolute paths and a symlink out", async () => {
      const results = await turnWith([
        { name: "write_file", arguments: { path: "../evil.txt", content: "x" } },
        { name: "write_file", arguments: { path: `${outside}/precious.txt`, content: "overwritten" } },
        { name: "write_file", arguments: { path: "escape/precious.txt", content: "overwritten" } },
        { name: "delete_file", arguments: { path: "escape/precious.txt" } },
      ]);
      for (const result of results) assert(result.is_error, `${result.tool_name}: ${result.result}`);
      assertEquals(await Deno.readTextFile(`${outside}/precious.txt`), "do not touch");
      await Deno.stat(`${rig.engine.workspace}/../evil.txt`).then(() => assert(false, "escaped"), () => {});
    });

    await t.step("a command that never ends is killed at the timeout", async () => {
      const [result] = await turnWith([{ name: "execute_command", arguments: { command: "sleep 1000" } }]);
      assert(result.is_error, result.result);
      assert(/timed out|timeout/i.test(result.result), result.result);
    });

    await t.step("a 10 GB output is capped and the call ends", async () => {
      const [result] = await turnWith([{
        name: "execute_command",
        arguments: { command: "yes | head -c 10000000000" },
      }]);
      assert(result.result.length < 200_000, `capped (${result.result.length} chars)`);
    });

    await t.step("an http redirect to 169.254.169.254 is refused at the hop", async () => {
      const [result] = await turnWith([{
        name: "http_request",
        arguments: { url: `http://127.0.0.1:${redirector.addr.port}/` },
      }]);
      assert(result.is_error, result.result);
    });

    const status = await fetch(`${rig.engine.url}/api/status`);
    assertEquals(status.status, 200);
    await status.body?.cancel();
  } finally {
    await redirector.shutdown();
    await rig.close();
    await Deno.remove(outside, { recursive: true });
  }
});
