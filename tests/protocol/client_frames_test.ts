import assert from "node:assert/strict";
import { parseClientFrame } from "../../src/protocol/client_frames.ts";

Deno.test("client frames: each documented frame type parses", () => {
  for (
    const frame of [
      { type: "message", session_id: "s1", content: "hi", mode: "otr" },
      { type: "command", session_id: "s1", content: "/help" },
      { type: "cancel", session_id: "s1" },
      { type: "tier3_decision", action_id: "a1", decision: "approve" },
      { type: "ping" },
    ]
  ) {
    const parsed = parseClientFrame(JSON.stringify(frame));
    assert.ok(parsed.ok, JSON.stringify(parsed));
  }
});

Deno.test("client frames: bad frames are refused with a message naming the problem and the session if known", () => {
  const cases: [string, RegExp, string?][] = [
    ["{", /not valid JSON/],
    ["[1]", /must be a JSON object/],
    ['{"type":"shout","session_id":"s1"}', /Unknown frame type "shout"/, "s1"],
    ['{"type":"message","session_id":"s1","content":""}', /field "content" must not be empty/, "s1"],
    ['{"type":"tier3_decision","action_id":"a1","decision":"maybe"}', /field "decision"/],
  ];
  for (const [text, message, sessionId] of cases) {
    const parsed = parseClientFrame(text);
    assert.equal(parsed.ok, false, text);
    if (!parsed.ok) {
      assert.match(parsed.message, message);
      assert.equal(parsed.sessionId, sessionId);
    }
  }
});
