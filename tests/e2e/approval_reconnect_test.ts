import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import { WsClient } from "../support/ws_client.ts";
import { assertMissing } from "./shield_e2e_support.ts";

Deno.test("an open Tier 3 request is shown again to a client that connects later, and can be answered there", async () => {
  const root = await Deno.makeTempDir({ prefix: "parapet-approval-" });
  await Deno.writeTextFile(
    `${root}/ask.yaml`,
    'rules:\n  - {name: ask, action: escalate, tools: [write_file], paths: ["approve-me/**"], tier: 3, reason: "ask first"}\n',
  );
  const rig = await startAgentRig({ root, config: { shield: { policy_file: "ask.yaml" } } });
  try {
    const sessionId = await rig.newSession();
    const first = await rig.connect(sessionId);
    rig.llm.enqueue(
      { toolCalls: [{ name: "write_file", arguments: { path: "approve-me/a.txt", content: "yes" } }] },
      { text: "Written." },
    );
    first.send({ type: "message", session_id: sessionId, content: "write it" });
    const asked = await first.waitFor("tier3_approval_required");
    await first.close();

    // A reloaded page: a new connection to the same session is asked again, with the time left.
    const second = await WsClient.connectWithKey(rig.engine.wsUrl, sessionId);
    const again = await second.waitFor("tier3_approval_required");
    assertEquals(again.data!.action_id, asked.data!.action_id);
    assert((again.data!.timeout_secs as number) <= (asked.data!.timeout_secs as number));
    // A client watching another session is neither told nor able to answer, even when its frame names the
    // right session: the binding is the connection's own active session, not the frame's word.
    const otherSession = await rig.newSession();
    const other = await WsClient.connectWithKey(rig.engine.wsUrl, otherSession);
    other.send({ type: "tier3_decision", action_id: asked.data!.action_id as string, decision: "approve" });
    assertEquals((await other.waitFor("error")).data!.code, "UNKNOWN_ACTION");
    other.clear();
    other.send({
      type: "tier3_decision",
      action_id: asked.data!.action_id as string,
      decision: "approve",
      session_id: sessionId,
    });
    const claimed = await other.waitFor("error");
    assertEquals(claimed.data!.code, "UNKNOWN_ACTION");
    assertEquals(claimed.session_id, otherSession);
    assertEquals(other.ofType("tier3_approval_required").length, 0);
    await assertMissing(`${rig.engine.workspace}/approve-me/a.txt`);

    second.send({ type: "tier3_decision", action_id: again.data!.action_id as string, decision: "approve" });
    await second.waitFor("response_complete");
    assertEquals(await Deno.readTextFile(`${rig.engine.workspace}/approve-me/a.txt`), "yes");
    // GET /api/audit flushes pending appends before reading.
    const audit = (await (await fetch(`${rig.engine.url}/api/audit?lines=1000`)).json()).entries;
    const decision = audit.find((entry: { event: string }) => entry.event === "tier3_decision");
    assertEquals(decision.action_type, "write_file");
    await Promise.all([second.close(), other.close()]);
  } finally {
    await rig.close();
    await Deno.remove(root, { recursive: true });
  }
});
