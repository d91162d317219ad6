/** The web UI's timeline reads a stored call's verdict from tool_outcome, never from the result text. */
import assert from "node:assert/strict";
// @ts-types="./timeline_types.d.ts"
import { historyToItems } from "../../web/lib/timeline.js";

const call = (id: string) => ({ id, name: "write_file", arguments: '{"path":"notes.md"}' });

function history(content: string, toolOutcome?: Record<string, unknown>) {
  return [
    { role: "user", content: "write it", message_id: "m1" },
    { role: "assistant", content: "", tool_calls: [call("c1")], message_id: "m2" },
    {
      role: "tool",
      content,
      tool_call_id: "c1",
      action_id: "a1",
      tool_outcome: toolOutcome,
      message_id: "m3",
    },
  ];
}

function card(messages: unknown[]) {
  const item = historyToItems(messages).find((entry: { kind: string }) => entry.kind === "tool");
  assert.ok(item, "a tool card");
  return item as { status: string; verdict: { decision: string; tier: number; reason: string } | null };
}

Deno.test("timeline: a stored refusal is blocked with the verdict of its tool_outcome", () => {
  const item = card(history('Refused: Cannot write "notes.md": protected path', {
    decision: "BLOCK",
    tier: 0,
    reason: 'Cannot write "notes.md": protected path',
    is_error: true,
    duration_ms: 0,
  }));
  assert.equal(item.status, "blocked");
  assert.deepEqual(item.verdict, {
    decision: "BLOCK",
    tier: 0,
    reason: 'Cannot write "notes.md": protected path',
    tier_results: [],
  });
});

Deno.test("timeline: result text that looks like a refusal is not read as one", () => {
  const text = "Blocked by Shield (tier 3): this is just what the file said";
  const ran = card(
    history(text, { decision: "ALLOW", tier: 1, reason: "ok", is_error: false, duration_ms: 3 }),
  );
  assert.equal(ran.status, "done");
  assert.equal(ran.verdict?.decision, "ALLOW");
  const unknown = card(history(text));
  assert.equal(unknown.status, "done", "no outcome stored: nothing is inferred from the text");
  assert.equal(unknown.verdict, null);
});

Deno.test("timeline: an escalation nobody approved and a failed call keep their own states", () => {
  const denied = card(history("Not approved by Shield (tier 3): denied", {
    decision: "ESCALATE",
    tier: 3,
    reason: "denied",
    is_error: true,
    duration_ms: 0,
  }));
  assert.equal(denied.status, "blocked");
  assert.equal(denied.verdict?.tier, 3);
  const failed = card(history("Tool failed: disk full", {
    decision: "ALLOW",
    tier: 0,
    reason: "allowed",
    is_error: true,
    duration_ms: 4,
  }));
  assert.equal(failed.status, "failed");
});
