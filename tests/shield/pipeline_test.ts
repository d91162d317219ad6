/** The pipeline: tier order, fail-closed on throw and timeout, cache, rate limits, minimumTier, Tier 2
 * budget, Tier 3 prompt limit, observer samples. */

import assert from "node:assert/strict";
import { command, makeShield, ManualClock } from "./shield_fixture.ts";
import type { ApprovalRequester, BudgetCounter, Tier2Client, Verdict } from "../../src/shield/types.ts";

const harmless = command("ls -la");

function budget(limit: number): BudgetCounter & { used: number } {
  return {
    used: 0,
    usedToday() {
      return this.used;
    },
    tryConsume(dailyLimit: number) {
      if (this.used >= Math.min(limit, dailyLimit)) return false;
      this.used++;
      return true;
    },
  };
}

/** A Tier 2 model that echoes the canary found in the system prompt with a fixed decision. */
function echoingModel(decision: string, calls: string[] = []): Tier2Client {
  return {
    complete(system: string, user: string) {
      calls.push(user);
      const canary = /"canary": "([0-9a-f]+)"/.exec(system)?.[1] ?? "";
      return Promise.resolve(JSON.stringify({ decision, confidence: 0.9, reason: "judged", canary }));
    },
  };
}

function approver(answer: "approve" | "deny" | "unavailable", asked: unknown[] = []): ApprovalRequester {
  return {
    request(input) {
      asked.push(input);
      return Promise.resolve(answer);
    },
  };
}

Deno.test("pipeline allows ordinary work at Tier 1 and reports one result per tier consulted", async () => {
  const verdict = await makeShield().evaluate(harmless);
  assert.equal(verdict.decision, "ALLOW");
  assert.equal(verdict.tier, 1);
  assert.deepEqual(verdict.tier_results.map((result) => result.tier), [0, 1]);
  assert.ok(verdict.tier_results.every((result) => typeof result.latency_us === "number"));
});

Deno.test("pipeline blocks at Tier 0 on a deny rule without consulting Tier 1", async () => {
  const verdict = await makeShield().evaluate({ type: "read_file", payload: { path: "~/.ssh/id_rsa" } });
  assert.equal(verdict.decision, "BLOCK");
  assert.equal(verdict.tier, 0);
  assert.equal(verdict.tier_results.length, 1);
});

Deno.test("pipeline without Tier 2 or 3 reports ESCALATE as is", async () => {
  const verdict = await makeShield().evaluate(command("crontab mycron.txt"));
  assert.equal(verdict.decision, "ESCALATE");
  assert.match(verdict.reason, /no approver configured/);
});

Deno.test("pipeline fails closed when a tier throws", async () => {
  const shield = makeShield({
    tier2: {
      client: { complete: () => Promise.reject(new Error("model down")) },
      budget: budget(5),
      dailyBudget: 5,
      timeoutMs: 1000,
    },
  });
  const verdict = await shield.evaluate(command("crontab mycron.txt"));
  assert.equal(verdict.decision, "BLOCK");
  assert.equal(verdict.tier, 2);
  assert.match(verdict.reason, /failed at Tier 2: model down \(fail-closed\)/);
});

Deno.test("pipeline fails closed when a tier times out", async () => {
  const hang: Tier2Client = {
    complete: (_s, _u, signal) =>
      new Promise((_ok, fail) => signal?.addEventListener("abort", () => fail(new Error("aborted")))),
  };
  const shield = makeShield({ tier2: { client: hang, budget: budget(5), dailyBudget: 5, timeoutMs: 30 } });
  const verdict = await shield.evaluate(command("crontab mycron.txt"));
  assert.equal(verdict.decision, "BLOCK");
  assert.match(verdict.reason, /timed out after 30 ms/);
});

Deno.test("pipeline failing open sends a tier error to the human", async () => {
  const asked: unknown[] = [];
  const shield = makeShield({
    failClosed: false,
    tier2: {
      client: { complete: () => Promise.reject(new Error("boom")) },
      budget: budget(5),
      dailyBudget: 5,
      timeoutMs: 1000,
    },
    tier3: { requester: approver("approve", asked), timeoutSeconds: 5, maxPerHour: 10 },
  });
  const verdict = await shield.evaluate(command("crontab mycron.txt"));
  assert.equal(verdict.decision, "ALLOW");
  assert.equal(verdict.tier, 3);
  assert.equal(asked.length, 1);
});

Deno.test("pipeline caches verdicts by action hash for the TTL and says so", async () => {
  const clock = new ManualClock();
  const shield = makeShield({ verdictTtlSeconds: 60, clock });
  const first = await shield.evaluate(harmless);
  const second = await shield.evaluate({ ...harmless, sessionId: "other" });
  assert.equal(first.cached, undefined);
  assert.equal(second.cached, true);
  assert.match(second.reason, /cached verdict/);
  clock.advance(61_000);
  assert.equal((await shield.evaluate(harmless)).cached, undefined);
});

Deno.test("pipeline never caches Tier 3 verdicts", async () => {
  const asked: unknown[] = [];
  const shield = makeShield({
    verdictTtlSeconds: 60,
    tier3: { requester: approver("approve", asked), timeoutSeconds: 5, maxPerHour: 10 },
  });
  await shield.evaluate(command("crontab mycron.txt"));
  const again = await shield.evaluate(command("crontab mycron.txt"));
  assert.equal(again.cached, undefined);
  assert.equal(asked.length, 2);
});

Deno.test("pipeline rate-limits per session and globally, and never caches the rate-limit verdict", async () => {
  const clock = new ManualClock();
  const shield = makeShield({
    rateLimitPerMinute: 2,
    globalRateLimitPerMinute: 3,
    verdictTtlSeconds: 60,
    clock,
  });
  assert.equal((await shield.evaluate(command("ls", "a"))).decision, "ALLOW");
  assert.equal((await shield.evaluate(command("pwd", "a"))).decision, "ALLOW");
  const limited = await shield.evaluate(command("ls", "a"));
  assert.equal(limited.decision, "BLOCK");
  assert.match(limited.reason, /Rate limit exceeded: .* in this session/);
  assert.equal((await shield.evaluate(command("ls", "b"))).decision, "ALLOW");
  const global = await shield.evaluate(command("ls", "c"));
  assert.match(global.reason, /across all sessions/);
  clock.advance(60_001);
  const after = await shield.evaluate(command("ls", "a"));
  assert.equal(after.decision, "ALLOW");
});

Deno.test("pipeline minimumTier forces Tier 2 on an allowed action but Tier 0/1 BLOCK still wins", async () => {
  const calls: string[] = [];
  const shield = makeShield({
    tier2: { client: echoingModel("BLOCK", calls), budget: budget(5), dailyBudget: 5, timeoutMs: 1000 },
  });
  const forced = await shield.evaluate(harmless, { minimumTier: 2 });
  assert.equal(forced.decision, "BLOCK");
  assert.equal(forced.tier, 2);
  const blocked = await shield.evaluate(command("rm -rf /"), { minimumTier: 2 });
  assert.equal(blocked.tier, 1);
  assert.equal(calls.length, 1);
});

Deno.test("pipeline minimumTier 3 asks the human even after Tier 2 allows", async () => {
  const asked: unknown[] = [];
  const shield = makeShield({
    tier2: { client: echoingModel("ALLOW"), budget: budget(5), dailyBudget: 5, timeoutMs: 1000 },
    tier3: { requester: approver("deny", asked), timeoutSeconds: 5, maxPerHour: 10 },
  });
  const verdict = await shield.evaluate(harmless, { minimumTier: 3 });
  assert.equal(verdict.decision, "BLOCK");
  assert.equal(verdict.tier, 3);
  assert.equal(asked.length, 1);
});

Deno.test("pipeline skips Tier 2 when the budget is exhausted and goes to Tier 3", async () => {
  const counter = budget(1);
  const asked: unknown[] = [];
  const shield = makeShield({
    tier2: { client: echoingModel("ALLOW"), budget: counter, dailyBudget: 1, timeoutMs: 1000 },
    tier3: { requester: approver("approve", asked), timeoutSeconds: 5, maxPerHour: 10 },
  });
  assert.equal((await shield.evaluate(command("crontab a.txt"))).tier, 2);
  const second = await shield.evaluate(command("crontab b.txt"));
  assert.equal(second.tier, 3);
  assert.ok(second.tier_results.some((result) => result.reason.includes("budget exhausted")));
  assert.equal(asked.length, 1);
});

Deno.test("pipeline Tier 3 denies without asking past maxPerHour and recovers after the hour", async () => {
  const clock = new ManualClock();
  const asked: unknown[] = [];
  const shield = makeShield({
    clock,
    tier3: { requester: approver("approve", asked), timeoutSeconds: 5, maxPerHour: 2 },
  });
  for (const name of ["a", "b"]) {
    assert.equal((await shield.evaluate(command(`crontab ${name}`))).decision, "ALLOW");
  }
  const third = await shield.evaluate(command("crontab c"));
  assert.equal(third.decision, "BLOCK");
  assert.match(third.reason, /prompt limit reached/);
  assert.equal(asked.length, 2);
  clock.advance(3_600_001);
  assert.equal((await shield.evaluate(command("crontab d"))).decision, "ALLOW");
});

Deno.test("pipeline Tier 3 guard blocks when the requester never answers", async () => {
  const never: ApprovalRequester = { request: () => new Promise(() => {}) };
  const shield = makeShield({ tier3: { requester: never, timeoutSeconds: 0, maxPerHour: 5 } });
  const verdict = await shield.evaluate(command("crontab x"));
  assert.equal(verdict.decision, "BLOCK");
  assert.match(verdict.reason, /Approval failed: timed out/);
});

Deno.test("pipeline Tier 3 unavailable is BLOCK and the request names the target", async () => {
  const asked: Array<{ target: string; toolName: string; timeoutSecs: number }> = [];
  const shield = makeShield({
    tier3: { requester: approver("unavailable", asked as unknown[]), timeoutSeconds: 7, maxPerHour: 5 },
  });
  const verdict = await shield.evaluate(command("crontab jobs.txt"));
  assert.equal(verdict.decision, "BLOCK");
  assert.match(verdict.reason, /no client could answer/);
  assert.deepEqual([asked[0].target, asked[0].toolName, asked[0].timeoutSecs], [
    "crontab jobs.txt",
    "execute_command",
    7,
  ]);
});

Deno.test("pipeline explicit allow rule passes medium hits but never a critical one", async () => {
  const { parsePolicy } = await import("../../src/shield/policy.ts");
  const policy = parsePolicy(
    "rules:\n  - name: trust-shell\n    action: allow\n    tools: [execute_command]\n",
    "t",
  );
  const shield = makeShield({ policy });
  assert.equal((await shield.evaluate(command("crontab jobs.txt"))).decision, "ALLOW");
  const critical = await shield.evaluate(command("rm -rf /"));
  assert.equal(critical.decision, "BLOCK");
  assert.equal(critical.tier, 1);
});

Deno.test("pipeline gives the observer one latency sample per tier and every verdict", async () => {
  const samples: number[] = [];
  const verdicts: Verdict[] = [];
  const shield = makeShield({
    observer: { latency: (tier) => samples.push(tier), verdict: (_a, v) => verdicts.push(v) },
  });
  await shield.evaluate(harmless);
  await shield.evaluate({ type: "read_file", payload: { path: "/etc/shadow" } });
  assert.deepEqual(samples, [0, 1, 0]);
  assert.equal(verdicts.length, 2);
});

Deno.test("action hash is SHA-256 of canonical JSON with sorted keys", async () => {
  const shield = makeShield();
  const a = shield.actionHash({ type: "t", payload: { b: 1, a: { d: 2, c: 3 } } });
  const b = shield.actionHash({ type: "t", payload: { a: { c: 3, d: 2 }, b: 1 }, sessionId: "x" });
  assert.equal(a, b);
  const expected = new Uint8Array(
    await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode('{"payload":{"a":{"c":3,"d":2},"b":1},"type":"t"}'),
    ),
  );
  assert.equal(a, Array.from(expected, (byte) => byte.toString(16).padStart(2, "0")).join(""));
});
