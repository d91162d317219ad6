import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import type { WsClient } from "../support/ws_client.ts";

async function command(client: WsClient, sessionId: string, content: string) {
  const before = client.ofType("command_result").length;
  client.send({ type: "command", session_id: sessionId, content });
  const event = await client.waitFor("command_result", () => client.ofType("command_result").length > before);
  const result = client.ofType("command_result")[before];
  assertEquals(result.session_id, sessionId);
  void event;
  return result.data as { command: string; ok: boolean; text: string; action?: Record<string, unknown> };
}

Deno.test("slash commands: every command answers with {command, ok, text, action?}", async (t) => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue({ text: "Hello!" });
    client.send({ type: "message", session_id: sessionId, content: "First message about gardening" });
    await client.waitFor("response_complete");

    await t.step("/help lists the commands", async () => {
      const result = await command(client, sessionId, "/help");
      assertEquals(result.command, "/help");
      assertEquals(result.ok, true);
      for (
        const name of [
          "/new",
          "/otr",
          "/status",
          "/usage",
          "/title",
          "/history",
          "/sessions",
          "/delete",
          "/clear",
          "/export",
          "/restart",
          "/config",
          "/model",
        ]
      ) {
        assert(result.text.includes(name), `${name} in help`);
      }
    });
    await t.step("/status and /usage report numbers", async () => {
      const status = await command(client, sessionId, "/status");
      assert(status.ok && status.text.includes("tier2_budget"));
      const usage = await command(client, sessionId, "/usage");
      assert(usage.ok && usage.text.includes("total_tokens"));
    });
    await t.step("/title shows and sets", async () => {
      assert((await command(client, sessionId, "/title")).text.includes("First message about gardening"));
      const set = await command(client, sessionId, "/title Garden plans");
      assert(set.ok);
      assertEquals(
        (await (await fetch(`${rig.engine.url}/api/sessions/${sessionId}`)).json()).title,
        "Garden plans",
      );
    });
    await t.step("/history and /sessions and /export", async () => {
      const history = await command(client, sessionId, "/history 5");
      assert(history.text.includes("user: First message about gardening"));
      assert(!(await command(client, sessionId, "/history lots")).ok);
      assert((await command(client, sessionId, "/sessions")).text.includes("Garden plans"));
      const exported = await command(client, sessionId, "/export");
      assertEquals(exported.action!.type, "export");
      assert(exported.text.startsWith("# Garden plans"));
      assert(exported.text.includes("Hello!"));
    });
    await t.step("/new and /otr create sessions and say where to switch", async () => {
      const created = await command(client, sessionId, "/new");
      assertEquals(created.action!.type, "switch_session");
      const otr = await command(client, sessionId, "/otr");
      const session = await (await fetch(`${rig.engine.url}/api/sessions/${otr.action!.session_id}`)).json();
      assertEquals(session.mode, "otr");
    });
    await t.step("/config shows, /config set changes live keys and keeps the file's comments", async () => {
      assert((await command(client, sessionId, "/config")).text.includes("Config file"));
      const original = await Deno.readTextFile(rig.engine.configPath);
      await Deno.writeTextFile(
        rig.engine.configPath,
        `# Hand-written note\n${original}agents:\n  max_tool_rounds: 25 # rounds per message\n`,
      );
      const set = await command(client, sessionId, "/config set agents.max_tool_rounds 7");
      assert(set.ok, set.text);
      assert(set.text.includes("applies now"));
      const text = await Deno.readTextFile(rig.engine.configPath);
      assert(text.includes("max_tool_rounds: 7 # rounds per message"), text);
      assert(text.startsWith("# Hand-written note"), "comments are kept");
      const restartNeeded = await command(client, sessionId, "/config set agents.browser_idle_minutes 9");
      assert(restartNeeded.ok && restartNeeded.text.includes("restart"));
    });
    await t.step("/config set refuses read-only, security, unknown keys and invalid values", async () => {
      for (
        const [line, fragment] of [
          ["/config set web.port 9999", "read-only"],
          ["/config set general.daily_budget 5", "read-only"],
          ["/config set shield.policy_file x.yaml", "read-only"],
          ["/config set general.fail_closed false", "security"],
          ["/config set shield.heuristic_enabled false", "security"],
          // The Shield evaluator, and every key that contains a security setting, are refused like /model shield.
          ["/config set roles.shield fake", "security"],
          ["/config set roles {chat: fake, shield: fake}", "roles.shield"],
          ["/config set general {fail_closed: false}", "general.fail_closed"],
          ["/config set general.output_sanitization false", "security"],
          ["/config set chronicle.max_snapshots 1", "security"],
          ["/config set agents.compaction_threshold 500", "compaction_threshold"],
          ["/config set agents.nonsense 1", "not a known"],
          ["/config set", "Usage"],
        ]
      ) {
        const result = await command(client, sessionId, line);
        assertEquals(result.ok, false, line);
        assert(result.text.includes(fragment), `${line}: ${result.text}`);
      }
      const text = await Deno.readTextFile(rig.engine.configPath);
      assert(!text.includes("9999") && !text.includes("500"), "refused values were not written");
      assert(!/shield: fake|fail_closed: false/.test(text), "refused security values were not written");
      const settings = await (await fetch(`${rig.engine.url}/api/settings`)).json();
      assertEquals(
        JSON.stringify(settings).includes('"shield":"fake"'),
        false,
        "no Tier 2 model was set live",
      );
    });
    await t.step("/model shows roles and switches one", async () => {
      const shown = await command(client, sessionId, "/model");
      assert(shown.text.includes("chat: fake"));
      const unknown = await command(client, sessionId, "/model chat missing");
      assertEquals(unknown.ok, false);
      const shield = await command(client, sessionId, "/model shield fake");
      assertEquals(shield.ok, false);
      const switched = await command(client, sessionId, "/model sub_agent fake");
      assert(switched.ok, switched.text);
    });
    await t.step("unknown commands are refused with a hint", async () => {
      const result = await command(client, sessionId, "/frobnicate");
      assertEquals(result.ok, false);
      assert(result.text.includes("/help"));
    });
    await t.step("/clear empties the session, /delete removes it", async () => {
      assertEquals((await command(client, sessionId, "/clear")).ok, true);
      assertEquals(await rig.messages(sessionId), []);
      const deleted = await command(client, sessionId, "/delete");
      assertEquals(deleted.action!.type, "session_deleted");
      assertEquals((await fetch(`${rig.engine.url}/api/sessions/${sessionId}`)).status, 404);
    });
    await t.step("/restart restarts the engine", async () => {
      const other = await rig.newSession();
      const otherClient = await rig.connect(other);
      const result = await command(otherClient, other, "/restart");
      assertEquals(result.action!.type, "restart");
      await otherClient.closed;
    });
  } finally {
    await rig.close();
  }
});
