/** mapAnthropicStopReason: every documented stop_reason. */

import assert from "node:assert/strict";
import { mapAnthropicStopReason } from "../../../src/providers/anthropic/map_anthropic_stop_reason.ts";

Deno.test("mapAnthropicStopReason maps each Anthropic stop reason", () => {
  assert.equal(mapAnthropicStopReason("end_turn"), "stop");
  assert.equal(mapAnthropicStopReason("stop_sequence"), "stop");
  assert.equal(mapAnthropicStopReason("tool_use"), "tool_calls");
  assert.equal(mapAnthropicStopReason("max_tokens"), "length");
  assert.equal(mapAnthropicStopReason("model_context_window_exceeded"), "length");
  assert.equal(mapAnthropicStopReason("refusal"), "content_filter");
  assert.equal(mapAnthropicStopReason("pause_turn"), "other");
  assert.equal(mapAnthropicStopReason(null), "other");
});
