/** Shield Tier 2 in the engine: a policy rule escalates a harmless command to the evaluator behind
 * roles.shield (a scripted fake LLM); canary checks, the daily budget and a failing evaluator. */
import { assert, assertEquals } from "../support/assert.ts";
import {
  assertMissing,
  assertVerdict,
  canaryOf,
  judge,
  runTurn,
  startShieldRig,
  toolSteps,
  turnEvents,
  types,
} from "./shield_e2e_support.ts";

const CALL_EVENTS = ["action_started", "shield_verdict", "action_completed"];
const T0_ESCALATE = { tier: 0, decision: "ESCALATE", reason: 'Policy rule "judge-me": test' };
const T1_ALLOW = { tier: 1, decision: "ALLOW", reason: "No heuristic rule matched" };

const shellCall = (command: string) => ({ name: "execute_command", arguments: { command } });

Deno.test("shield e2e: Tier 2 evaluator: right canary allows, wrong or missing canary blocks, ESCALATE asks a human", async (t) => {
  const rig = await startShieldRig({ testPolicy: true, judge: "same" });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);

    await t.step("right canary and ALLOW: the command runs", async () => {
      rig.script(toolSteps(shellCall("echo judge-me ok > judged-ok.txt")), judge("ALLOW"));
      const events = await runTurn(client, sessionId, "Please echo for me");
      assertEquals(types(events), [...CALL_EVENTS, "response_complete"]);
      const reason = "Tier 2: judged ALLOW";
      assertVerdict(events, 0, {
        decision: "ALLOW",
        tier: 2,
        reason,
        tierResults: [T0_ESCALATE, T1_ALLOW, { tier: 2, decision: "ALLOW", reason }],
      });
      assertEquals(await Deno.readTextFile(`${rig.workspace}/judged-ok.txt`), "judge-me ok\n");

      const requests = rig.judgeRequests();
      assertEquals(requests.length, 1);
      const body = requests[0].body;
      assertEquals(body.model, "judge-model");
      assertEquals(body.tools, undefined);
      assertEquals(body.messages.map((message: { role: string }) => message.role), ["system", "user"]);
      const user = body.messages[1].content as string;
      assert(user.includes("echo judge-me ok > judged-ok.txt"), "the action is shown to the judge");
      assertEquals(
        user.split("\n")[0],
        'Earlier automatic checks: Tier 0: ESCALATE (Policy rule "judge-me": test); Tier 1: ALLOW (No heuristic rule matched)',
      );
      assert(!user.includes("Please echo for me"), "the judge never sees the conversation");
      assert(body.messages[0].content.includes(canaryOf(requests[0])));
    });

    await t.step("wrong canary: BLOCK and the command does not run", async () => {
      rig.script(toolSteps(shellCall("echo judge-me wrong > judged-wrong.txt")), judge("ALLOW", "wrong"));
      const events = await runTurn(client, sessionId, "Echo again");
      assertEquals(types(events), [...CALL_EVENTS, "response_complete"]);
      const reason = "Tier 2 answer rejected: wrong canary";
      assertVerdict(events, 0, {
        decision: "BLOCK",
        tier: 2,
        reason,
        tierResults: [T0_ESCALATE, T1_ALLOW, { tier: 2, decision: "BLOCK", reason }],
      });
      await assertMissing(`${rig.workspace}/judged-wrong.txt`);
    });

    await t.step("missing canary: BLOCK and the command does not run", async () => {
      rig.script(toolSteps(shellCall("echo judge-me none > judged-none.txt")), judge("ALLOW", "missing"));
      const events = await runTurn(client, sessionId, "Echo once more");
      const reason = "Tier 2 answer rejected: missing canary";
      assertVerdict(events, 0, {
        decision: "BLOCK",
        tier: 2,
        reason,
        tierResults: [T0_ESCALATE, T1_ALLOW, { tier: 2, decision: "BLOCK", reason }],
      });
      await assertMissing(`${rig.workspace}/judged-none.txt`);
      const canaries = rig.judgeRequests().map(canaryOf);
      assertEquals(new Set(canaries).size, 3, "every evaluation gets a fresh canary");
    });

    await t.step("a BLOCK answer with the right canary blocks", async () => {
      rig.script(toolSteps(shellCall("echo judge-me denied > judged-denied.txt")), judge("BLOCK"));
      const events = await runTurn(client, sessionId, "Echo a last time");
      assertVerdict(events, 0, { decision: "BLOCK", tier: 2, reason: "Tier 2: judged BLOCK" });
      await assertMissing(`${rig.workspace}/judged-denied.txt`);
    });

    await t.step("an ESCALATE answer goes on to the human at Tier 3", async () => {
      rig.script(toolSteps(shellCall("echo judge-me unsure > judged-unsure.txt")), judge("ESCALATE"));
      client.clear();
      client.send({ type: "message", session_id: sessionId, content: "Echo if a human agrees" });
      const asked = await client.waitFor("tier3_approval_required");
      assertEquals(asked.data!.target, "echo judge-me unsure > judged-unsure.txt");
      client.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "deny" });
      await client.waitFor("response_complete");
      const events = turnEvents(client);
      assertEquals(types(events), [
        "action_started",
        "tier3_approval_required",
        ...CALL_EVENTS.slice(1),
        "response_complete",
      ]);
      assertVerdict(events, 0, {
        decision: "BLOCK",
        tier: 3,
        reason: "Denied by the user",
        tierResults: [
          T0_ESCALATE,
          T1_ALLOW,
          { tier: 2, decision: "ESCALATE", reason: "Tier 2: judged ESCALATE" },
          { tier: 3, decision: "BLOCK", reason: "Denied by the user" },
        ],
      });
      await assertMissing(`${rig.workspace}/judged-unsure.txt`);
    });
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: general.daily_budget 2 counts Tier 2 calls, then escalations go to Tier 3", async () => {
  const rig = await startShieldRig({
    testPolicy: true,
    judge: "same",
    config: { general: { daily_budget: 2 } },
  });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.script(
      toolSteps(shellCall("echo judge-me 1 > b1.txt"), shellCall("echo judge-me 2 > b2.txt")),
      judge("ALLOW"),
    );
    const events = await runTurn(client, sessionId, "Echo twice");
    assertEquals(types(events), [...CALL_EVENTS, ...CALL_EVENTS, "response_complete"]);
    assertVerdict(events, 0, { decision: "ALLOW", tier: 2 });
    assertVerdict(events, 1, { decision: "ALLOW", tier: 2 });
    assertEquals(rig.judgeRequests().length, 2);
    const status = await rig.status();
    assertEquals(status.shield, { active: true, tier2_used: 2, tier2_budget: 2 });

    rig.script(toolSteps(shellCall("echo judge-me 3 > b3.txt")), judge("ALLOW"));
    client.clear();
    client.send({ type: "message", session_id: sessionId, content: "Echo a third time" });
    const asked = await client.waitFor("tier3_approval_required");
    const started = client.ofType("action_started")[0].data!;
    assertEquals(asked.data!.action_id, started.action_id);
    assertEquals(asked.data!.tool_name, "execute_command");
    assertEquals(asked.data!.target, "echo judge-me 3 > b3.txt");
    assertEquals(rig.judgeRequests().length, 2, "no evaluator call once the budget is spent");
    client.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "approve" });
    await client.waitFor("response_complete");
    const third = turnEvents(client);
    assertEquals(types(third), [
      "action_started",
      "tier3_approval_required",
      "shield_verdict",
      "action_completed",
      "response_complete",
    ]);
    assertVerdict(third, 0, {
      decision: "ALLOW",
      tier: 3,
      reason: "Approved by the user",
      tierResults: [
        T0_ESCALATE,
        T1_ALLOW,
        { tier: 2, decision: "ESCALATE", reason: "Tier 2 daily budget exhausted" },
        { tier: 3, decision: "ALLOW", reason: "Approved by the user" },
      ],
    });
    assertEquals(await Deno.readTextFile(`${rig.workspace}/b3.txt`), "judge-me 3\n");
    assertEquals(rig.judgeRequests().length, 2);
    assertEquals(((await rig.status()).shield as { tier2_used: number }).tier2_used, 2);
  } finally {
    await rig.close();
  }
});

Deno.test("shield e2e: a Tier 2 evaluator that answers HTTP 500 fails closed with BLOCK", async () => {
  const rig = await startShieldRig({
    testPolicy: true,
    judge: "separate",
    config: { general: { fail_closed: true } },
  });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.script(
      toolSteps(shellCall("echo judge-me down > judged-down.txt")),
      () => ({ status: 500, headers: { "retry-after-ms": "0" } }),
    );
    const events = await runTurn(client, sessionId, "Echo while the judge is down");
    assertEquals(types(events), [...CALL_EVENTS, "response_complete"]);
    const verdict = assertVerdict(events, 0, { decision: "BLOCK", tier: 2 });
    const reason = verdict.reason as string;
    assert(
      reason.startsWith("Shield evaluation failed at Tier 2: ") && reason.endsWith(" (fail-closed)"),
      reason,
    );
    const results = verdict.tier_results as { tier: number; decision: string; reason: string }[];
    assertEquals(results.slice(0, 2), [T0_ESCALATE, T1_ALLOW]);
    assertEquals([results[2].tier, results[2].decision, results.length], [2, "BLOCK", 3]);
    assert(results[2].reason.startsWith("Evaluation error: "), results[2].reason);
    assert(rig.judgeRequests().length >= 1, "the evaluator was called");
    assert(
      rig.llm.requests.every((request) => request.body?.model !== "judge-model"),
      "judge calls go to its own server",
    );
    await assertMissing(`${rig.workspace}/judged-down.txt`);
  } finally {
    await rig.close();
  }
});
