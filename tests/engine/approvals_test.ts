/** Tier 3 approvals through their ports: events and audit recorded, presence and clock faked. */
import assert from "node:assert/strict";
import { ApprovalRegistry } from "../../src/engine/approvals.ts";
import { USER_LIMIT_FACTOR } from "../../src/engine/approval_limits.ts";
import { fakeClock, recordedAudit, recordedEvents } from "../support/core_fakes.ts";

function rig(options: { clients?: number; maxPerHour?: number } = {}) {
  const clock = fakeClock();
  const events = recordedEvents();
  const audit = recordedAudit();
  const registry = new ApprovalRegistry({
    events,
    clock,
    audit,
    clientsFor: () => options.clients ?? 1,
    maxPerHour: options.maxPerHour ?? 10,
    files: { workspace: "/nonexistent-workspace" },
  });
  return { registry, events, audit, clock };
}

const ask = (registry: ApprovalRegistry, actionId = "a1", sessionId = "s1", timeoutSecs = 60) =>
  registry.request({
    actionId,
    actionHash: `hash-${actionId}`,
    sessionId,
    toolName: "execute_command",
    target: "rm -rf build",
    reasoning: "clean up (tier 1: destructive)",
    timeoutSecs,
  });

/** Waits until the request has been shown (its details are gathered asynchronously first). */
async function shown(events: ReturnType<typeof recordedEvents>, count = 1) {
  while (events.ofType("tier3_approval_required").length < count) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

Deno.test("approvals: a request is shown to the session and answered once, by a client of that session", async () => {
  const { registry, events, audit } = rig();
  const answer = ask(registry);
  await shown(events);
  const request = events.ofType("tier3_approval_required")[0];
  assert.equal(request.session_id, "s1");
  assert.equal(request.data.target, "rm -rf build");
  assert.equal(request.data.timeout_secs, 60);
  assert.equal(registry.decide("a1", "approve", "web", "s2"), false, "another session cannot answer");
  assert.equal(registry.decide("a1", "approve", "web", undefined), false, "nor a client watching no session");
  assert.equal(registry.decide("a1", "approve", "web", "s1"), true);
  assert.equal(await answer, "approve");
  assert.equal(registry.decide("a1", "deny", "web", "s1"), false, "an approval is single-use");
  assert.deepEqual(audit.names(), ["tier3_requested", "tier3_decision"]);
  assert.deepEqual(audit.entries[1].details, {
    action_id: "a1",
    action_hash: "hash-a1",
    decision: "approve",
    via: "web",
  });
});

Deno.test("approvals: with nobody able to answer the request is unavailable and not counted", async () => {
  const { registry, events } = rig({ clients: 0, maxPerHour: 1 });
  assert.equal(await ask(registry), "unavailable");
  assert.equal(await ask(registry, "a2"), "unavailable");
  assert.deepEqual(events.events, []);
});

Deno.test("approvals: an unanswered request times out as a denial in the audit log", async () => {
  const { registry, audit } = rig();
  assert.equal(await ask(registry, "a1", "s1", 0.001), "timeout");
  assert.equal(audit.entries.at(-1)?.details.decision, "deny");
  assert.equal(audit.entries.at(-1)?.details.via, "timeout");
});

Deno.test("approvals: a client that (re)connects is shown what is still open, with the seconds left", async () => {
  const { registry, events, clock } = rig();
  const answer = ask(registry, "a1", "s1", 60);
  await shown(events);
  clock.advance(20_500);
  const open = registry.pendingEvents("s1");
  assert.equal(open.length, 1);
  assert.equal(open[0].type, "tier3_approval_required");
  assert.equal((open[0].data as { timeout_secs: number }).timeout_secs, 40);
  assert.deepEqual(registry.pendingEvents("s2"), []);
  registry.denyAll();
  assert.equal(await answer, "deny");
});

Deno.test("approvals: each session's hourly limit, and the user's across sessions, refuse with a reason", async () => {
  const { registry, events, clock } = rig({ maxPerHour: 2 });
  for (const id of ["a1", "a2"]) {
    const answer = ask(registry, id, "s1");
    await shown(events, id === "a1" ? 1 : 2);
    registry.decide(id, "deny", "web", "s1");
    await answer;
  }
  await assert.rejects(ask(registry, "a3", "s1"), /2 approvals asked in this session in the last hour/);
  let asked = 2;
  for (let session = 2; asked < 2 * USER_LIMIT_FACTOR; session++, asked++) {
    const answer = ask(registry, `b${asked}`, `s${session}`);
    await shown(events, asked + 1);
    registry.denyAll();
    await answer;
  }
  await assert.rejects(ask(registry, "c1", "s99"), /6 approvals asked across all sessions in the last hour/);
  clock.advance(3_600_000);
  const again = ask(registry, "d1", "s1");
  await shown(events, asked + 1);
  registry.denyAll();
  assert.equal(await again, "deny", "an hour later the session may ask again");
});

Deno.test("approvals: the noted call's arguments and the agent's words travel with the request", async () => {
  const { registry, events } = rig();
  registry.note("a1", {
    toolName: "execute_command",
    args: { command: "rm -rf build" },
    reasoning: "clean up",
  });
  const answer = ask(registry);
  await shown(events);
  const data = events.ofType("tier3_approval_required")[0].data;
  assert.deepEqual(data.arguments, { command: "rm -rf build" });
  assert.equal(data.agent_reasoning, "clean up");
  registry.denyAll();
  await answer;
});
