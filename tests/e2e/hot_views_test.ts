/** The hot read-only views (GET /api/status, /api/sessions, /api/settings, /api/tools) keep their JSON between
 * changes: every change they show must reach the next answer at once. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";

async function get(url: string) {
  const response = await fetch(url);
  assertEquals(response.headers.get("x-content-type-options"), "nosniff");
  assertEquals(response.headers.get("content-type"), "application/json");
  return await response.json();
}

Deno.test("hot views: sessions, messages, titles and live config changes show in the next answer", async (t) => {
  const rig = await startAgentRig();
  const url = rig.engine.url;
  try {
    const before = await get(`${url}/api/status`);
    assertEquals(await get(`${url}/api/status`), before);
    const first = await rig.newSession();
    const second = await rig.newSession();

    await t.step("a new session counts at once, in status and in the list", async () => {
      assertEquals((await get(`${url}/api/status`)).session_count, before.session_count + 2);
      const listed = (await get(`${url}/api/sessions`)) as { id: string }[];
      assertEquals(new Set(listed.map((session) => session.id)), new Set([first, second]));
    });

    await t.step("a rename shows in the list, then a turn's messages do", async () => {
      type Listed = { id: string; title: string; message_count: number }[];
      for (const [id, title] of [[second, "Titled"], [first, "Renamed"]]) {
        // A titled session is not renamed by its first message: only the messages change it below.
        await fetch(`${url}/api/sessions/${id}`, { method: "PATCH", body: JSON.stringify({ title }) })
          .then((response) => response.body?.cancel());
      }
      const renamed = (await get(`${url}/api/sessions`)) as Listed;
      assertEquals(renamed.find((session) => session.id === first)?.title, "Renamed");
      assertEquals(renamed[0].id, first, "the session changed last comes first");
      const client = await rig.connect(second);
      rig.llm.enqueue({ text: "Hello!" });
      client.send({ type: "message", session_id: second, content: "Hi there" });
      await client.waitFor("response_complete");
      const listed = (await get(`${url}/api/sessions`)) as Listed;
      assertEquals(listed.find((session) => session.id === second)?.message_count, 2);
      assertEquals(listed[0].id, second, "the session with the newest message comes first");
    });

    await t.step("a deleted session is gone from status and the list", async () => {
      await fetch(`${url}/api/sessions/${first}`, { method: "DELETE" }).then((response) =>
        response.body?.cancel()
      );
      assertEquals((await get(`${url}/api/status`)).session_count, before.session_count + 1);
      assertEquals(((await get(`${url}/api/sessions`)) as { id: string }[]).map((session) => session.id), [
        second,
      ]);
    });

    await t.step("/config set of the agent's name shows in status and settings", async () => {
      const client = await rig.connect(second);
      client.send({ type: "command", session_id: second, content: "/config set identity.name Wren" });
      await client.waitFor("command_result");
      assertEquals((await get(`${url}/api/status`)).agent_name, "Wren");
      assertEquals((await get(`${url}/api/settings`)).agent.name, "Wren");
    });

    await t.step("tools are listed, the same list twice", async () => {
      const tools = (await get(`${url}/api/tools`)) as { name: string }[];
      assert(tools.some((tool) => tool.name === "read_file"));
      assertEquals(await get(`${url}/api/tools`), tools);
    });
  } finally {
    await rig.close();
  }
});
