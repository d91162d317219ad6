/** Shield Tier 3 in the engine: a policy rule sends writes under approve-me/ to the human over the WebSocket;
 * approve, deny, single-use approvals, timeout, the hourly prompt limit and a session with no client. */
import { assert, assertEquals } from "../support/assert.ts";
import type { WsClient } from "../support/ws_client.ts";
import {
  assertMissing,
  assertVerdict,
  auditEntries,
  firstOf,
  type ShieldRig,
  startShieldRig,
  toolResultsSent,
  toolSteps,
  turnEvents,
  types,
  waitForStoredReply,
} from "./shield_e2e_support.ts";

const ASKED_EVENTS = ["action_started", "tier3_approval_required", "shield_verdict", "action_completed"];
const T0_ESCALATE = { tier: 0, decision: "ESCALATE", reason: 'Policy rule "ask-human": a human decides' };
const T1_ALLOW = { tier: 1, decision: "ALLOW", reason: "No heuristic rule matched" };

const guardedWrite = (path: string, content: string) => ({
  name: "write_file",
  arguments: { path, content },
  text: "Saving it.",
});

/** Starts a turn with one guarded write and resolves with the approval request once it arrives. */
async function askFor(rig: ShieldRig, client: WsClient, sessionId: string, path: string, content: string) {
  rig.script(toolSteps(guardedWrite(path, content)));
  client.clear();
  client.send({ type: "message", session_id: sessionId, content: `Write ${path}` });
  return (await client.waitFor("tier3_approval_required")).data!;
}

async function finishTurn(client: WsClient) {
  await client.waitFor("response_complete");
  return turnEvents(client);
}

Deno.test("shield e2e: Tier 3 approve runs the action, deny blocks it, approvals are single-use", async (t) => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    let approvedId = "";

    await t.step(
      "approve: the request names the action, then ALLOW at Tier 3 and the file is written",
      async () => {
        const asked = await askFor(rig, client, sessionId, "approve-me/a.txt", "approved\n");
        const started = client.ofType("action_started")[0].data!;
        const { action_id, tool_name, target, reasoning, timeout_secs } = asked;
        assertEquals({ action_id, tool_name, target, reasoning, timeout_secs }, {
          action_id: started.action_id,
          tool_name: "write_file",
          target: "approve-me/a.txt",
          reasoning: `Saving it. (Tier 0: ${T0_ESCALATE.reason}; Tier 1: ${T1_ALLOW.reason})`,
          timeout_secs: 300,
        });
        await assertMissing(`${rig.workspace}/approve-me/a.txt`);
        client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "approve" });
        const events = await finishTurn(client);
        assertEquals(types(events), [...ASKED_EVENTS, "response_complete"]);
        const reason = "Approved by the user";
        assertVerdict(events, 0, {
          decision: "ALLOW",
          tier: 3,
          reason,
          tierResults: [T0_ESCALATE, T1_ALLOW, { tier: 3, decision: "ALLOW", reason }],
        });
        assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/a.txt`), "approved\n");
        approvedId = asked.action_id as string;
      },
    );

    await t.step(
      "replay: a used approval is unknown and cannot approve the next identical call",
      async () => {
        client.clear();
        client.send({ type: "tier3_decision", action_id: approvedId, decision: "approve" });
        const error = await client.waitFor("error");
        assertEquals(error.session_id, sessionId);
        assertEquals(error.data, {
          code: "UNKNOWN_ACTION",
          message: `No pending approval with action_id "${approvedId}"`,
          recoverable: true,
        });

        await Deno.remove(`${rig.workspace}/approve-me/a.txt`);
        const asked = await askFor(rig, client, sessionId, "approve-me/a.txt", "approved\n");
        assert(asked.action_id !== approvedId, "the identical call is asked for again under a new id");
        client.send({ type: "tier3_decision", action_id: approvedId, decision: "approve" });
        const replayed = await client.waitFor("error");
        assertEquals(replayed.data!.code, "UNKNOWN_ACTION");
        assertEquals(client.ofType("shield_verdict"), [], "the old approval did not settle the new request");
        client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny" });
        const events = (await finishTurn(client)).filter((event) => event.type !== "error");
        assertEquals(types(events), [...ASKED_EVENTS, "response_complete"]);
        assertVerdict(events, 0, { decision: "BLOCK", tier: 3, reason: "Denied by the user" });
        await assertMissing(`${rig.workspace}/approve-me/a.txt`);
      },
    );

    await t.step("deny: BLOCK at Tier 3, the model is told and nothing is written", async () => {
      const asked = await askFor(rig, client, sessionId, "approve-me/b.txt", "denied\n");
      client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny" });
      const events = await finishTurn(client);
      assertEquals(types(events), [...ASKED_EVENTS, "response_complete"]);
      const reason = "Denied by the user";
      assertVerdict(events, 0, {
        decision: "BLOCK",
        tier: 3,
        reason,
        tierResults: [T0_ESCALATE, T1_ALLOW, { tier: 3, decision: "BLOCK", reason }],
      });
      assertEquals(toolResultsSent(rig.llm).at(-1), `Blocked by Shield (tier 3): ${reason}`);
      await assertMissing(`${rig.workspace}/approve-me/b.txt`);
    });
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: an unanswered Tier 3 request is denied after timeout_seconds; a late answer is refused", async () => {
  const rig = await startShieldRig({
    testPolicy: true,
    config: { shield: { tier3: { timeout_seconds: 1 } } },
  });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    const asked = await askFor(rig, client, sessionId, "approve-me/late.txt", "late\n");
    assertEquals(asked.timeout_secs, 1);
    const events = await finishTurn(client);
    assertEquals(types(events), [...ASKED_EVENTS, "response_complete"]);
    const verdict = assertVerdict(events, 0, { decision: "BLOCK", tier: 3 });
    await assertMissing(`${rig.workspace}/approve-me/late.txt`);

    client.clear();
    client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "approve" });
    assertEquals((await client.waitFor("error")).data!.code, "UNKNOWN_ACTION");
    await assertMissing(`${rig.workspace}/approve-me/late.txt`);
    const decisions = (await auditEntries(rig)).filter((entry) => entry.event === "tier3_decision");
    assertEquals(decisions.map((entry) => entry.details), [
      {
        action_id: asked.action_id,
        action_hash: (decisions[0].details as { action_hash: string }).action_hash,
        decision: "deny",
        via: "timeout",
      },
    ]);
    // Nobody denied it: the reason must say the request went unanswered, not that the user refused.
    const reason = verdict.reason as string;
    assert(
      /time|no answer|unanswered/i.test(reason) && !reason.includes("Denied by the user"),
      `timeout reason: "${reason}"`,
    );
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: shield.tier3.max_per_hour 1 denies a session's second escalation without asking", async () => {
  const rig = await startShieldRig({ testPolicy: true, config: { shield: { tier3: { max_per_hour: 1 } } } });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    const asked = await askFor(rig, client, sessionId, "approve-me/first.txt", "first\n");
    client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "approve" });
    assertVerdict(await finishTurn(client), 0, { decision: "ALLOW", tier: 3 });
    assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/first.txt`), "first\n");

    rig.script(toolSteps(guardedWrite("approve-me/second.txt", "second\n")));
    client.clear();
    client.send({ type: "message", session_id: sessionId, content: "Write the second file" });
    const events = await finishTurn(client);
    assertEquals(types(events), [
      "action_started",
      "shield_verdict",
      "action_completed",
      "response_complete",
    ]);
    const limit = "Tier 3 prompt limit reached: 1 approvals asked in this session in the last hour " +
      "(shield.tier3.max_per_hour)";
    assertVerdict(events, 0, {
      decision: "BLOCK",
      tier: 3,
      reason: `Approval failed: ${limit}`,
      tierResults: [T0_ESCALATE, T1_ALLOW, {
        tier: 3,
        decision: "BLOCK",
        reason: `Evaluation error: ${limit}`,
      }],
    });
    await assertMissing(`${rig.workspace}/approve-me/second.txt`);
  } finally {
    await rig.close();
  }
});

/** Runs a guarded write in a session whose only client leaves first: the first call waits for a gate file
 * the test creates once the client has gone. Returns the tool results stored for the session. */
async function writeWithoutClient(rig: ShieldRig, sessionId: string, path: string): Promise<unknown[]> {
  const client = await rig.connect(sessionId);
  const gate = `gate-${crypto.randomUUID()}`;
  rig.script(toolSteps(
    { name: "execute_command", arguments: { command: `while [ ! -e ${gate} ]; do sleep 0.05; done` } },
    guardedWrite(path, "ghost\n"),
  ));
  client.send({ type: "message", session_id: sessionId, content: `Wait, then write ${path}` });
  await client.waitFor("action_started");
  await client.close();
  await Deno.writeTextFile(`${rig.workspace}/${gate}`, "");
  const messages = await waitForStoredReply(rig, sessionId, "Turn finished.");
  return messages.filter((message) => message.role === "tool").map((message) => message.content);
}

const UNAVAILABLE = "Blocked by Shield (tier 3): Approval unavailable: no client could answer";

Deno.test("shield e2e: a Tier 3 escalation with no connected client is denied at once", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    const sessionId = await rig.newSession();
    const results = await writeWithoutClient(rig, sessionId, "approve-me/ghost.txt");
    assertEquals(results.length, 2);
    assertEquals(results[1], UNAVAILABLE);
    await assertMissing(`${rig.workspace}/approve-me/ghost.txt`);
    const audit = await auditEntries(rig);
    assert(!audit.some((entry) => entry.event === "tier3_requested"), "nobody was asked");
    const verdict = audit.find((entry) => entry.event === "verdict" && entry.action_type === "write_file")!;
    assertEquals((verdict.details as Record<string, unknown>).decision, "BLOCK");
    assertEquals((verdict.details as Record<string, unknown>).tier, 3);
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: a denial for want of a client does not use up shield.tier3.max_per_hour", async () => {
  const rig = await startShieldRig({ testPolicy: true, config: { shield: { tier3: { max_per_hour: 1 } } } });
  try {
    const sessionId = await rig.newSession();
    const results = await writeWithoutClient(rig, sessionId, "approve-me/unasked.txt");
    assertEquals(results[1], UNAVAILABLE);

    // Nobody was prompted yet, so the one prompt of the hour is still available.
    const client = await rig.connect(sessionId);
    rig.script(toolSteps(guardedWrite("approve-me/asked.txt", "asked\n")));
    client.send({ type: "message", session_id: sessionId, content: "Write it now that I am here" });
    const outcome = (await firstOf(client, ["tier3_approval_required", "shield_verdict"])).data!;
    assertEquals(
      outcome.tool_name,
      "write_file",
      `expected an approval request, got the verdict "${outcome.reason}"`,
    );
    client.send({ type: "tier3_decision", action_id: outcome.action_id, decision: "approve" });
    assertVerdict(await finishTurn(client), 0, {
      decision: "ALLOW",
      tier: 3,
      reason: "Approved by the user",
    });
    assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/asked.txt`), "asked\n");
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: the prompt carries every argument, the diff of a write and the agent's words apart", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    await Deno.mkdir(`${rig.workspace}/approve-me`, { recursive: true });
    await Deno.writeTextFile(`${rig.workspace}/approve-me/notes.txt`, "keep\nold line\nkeep too\n");
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    const asked = await askFor(rig, client, sessionId, "approve-me/notes.txt", "keep\nnew line\nkeep too\n");
    assertEquals(asked.arguments, { path: "approve-me/notes.txt", content: "keep\nnew line\nkeep too\n" });
    assertEquals(
      asked.diff,
      "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,3 @@\n keep\n-old line\n+new line\n keep too\n",
    );
    assertEquals(asked.agent_reasoning, "Saving it.");
    assertEquals(asked.shield_reason, `Tier 0: ${T0_ESCALATE.reason}; Tier 1: ${T1_ALLOW.reason}`);
    client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny" });
    await finishTurn(client);
    assertEquals(
      await Deno.readTextFile(`${rig.workspace}/approve-me/notes.txt`),
      "keep\nold line\nkeep too\n",
    );

    // A new file has no diff: its whole content is in the arguments.
    const fresh = await askFor(rig, client, sessionId, "approve-me/fresh.txt", "all new\n");
    assertEquals(fresh.diff, undefined);
    assert(String(fresh.diff_note).includes("New file"), String(fresh.diff_note));
    client.send({ type: "tier3_decision", action_id: fresh.action_id, decision: "deny" });
    await finishTurn(client);
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: max_per_hour is counted per session, and the user's limit is a multiple of it", async () => {
  const rig = await startShieldRig({ testPolicy: true, config: { shield: { tier3: { max_per_hour: 1 } } } });
  try {
    const sessions = [await rig.newSession(), await rig.newSession(), await rig.newSession()];
    const clients = await Promise.all(sessions.map((id) => rig.connect(id)));
    // The first session uses its one prompt, then is refused without asking.
    const asked = await askFor(rig, clients[0], sessions[0], "approve-me/s0.txt", "0\n");
    clients[0].send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny" });
    await finishTurn(clients[0]);
    rig.script(toolSteps(guardedWrite("approve-me/s0b.txt", "0b\n")));
    clients[0].clear();
    clients[0].send({ type: "message", session_id: sessions[0], content: "Again" });
    const refused = await finishTurn(clients[0]);
    assertEquals(types(refused).includes("tier3_approval_required"), false);
    assert(
      String(assertVerdict(refused, 0, { decision: "BLOCK", tier: 3 }).reason).includes("in this session"),
    );

    // The other sessions are still asked: one session cannot use up the user's approvals.
    for (const index of [1, 2]) {
      const other = await askFor(rig, clients[index], sessions[index], `approve-me/s${index}.txt`, "x\n");
      assertEquals(other.tool_name, "write_file");
      clients[index].send({ type: "tier3_decision", action_id: other.action_id, decision: "deny" });
      await finishTurn(clients[index]);
    }

    // Three prompts in the hour is the user's limit (3 × max_per_hour): a fourth session is refused.
    const fourth = await rig.newSession();
    const late = await rig.connect(fourth);
    rig.script(toolSteps(guardedWrite("approve-me/s3.txt", "3\n")));
    late.send({ type: "message", session_id: fourth, content: "Write it" });
    const events = await finishTurn(late);
    assertEquals(types(events).includes("tier3_approval_required"), false);
    assert(
      String(assertVerdict(events, 0, { decision: "BLOCK", tier: 3 }).reason).includes("across all sessions"),
    );
  } finally {
    await rig.close();
  }
});
