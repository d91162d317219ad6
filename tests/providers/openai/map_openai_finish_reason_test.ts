/** mapOpenAiFinishReason: every OpenAI finish_reason and the "stop with tool calls" quirk. */

import assert from "node:assert/strict";
import { mapOpenAiFinishReason } from "../../../src/providers/openai/map_openai_finish_reason.ts";

Deno.test("mapOpenAiFinishReason maps each OpenAI finish reason", () => {
  assert.equal(mapOpenAiFinishReason("stop", false), "stop");
  assert.equal(mapOpenAiFinishReason("tool_calls", true), "tool_calls");
  assert.equal(mapOpenAiFinishReason("function_call", true), "tool_calls");
  assert.equal(mapOpenAiFinishReason("length", false), "length");
  assert.equal(mapOpenAiFinishReason("content_filter", false), "content_filter");
  assert.equal(mapOpenAiFinishReason("something_new", false), "other");
  assert.equal(mapOpenAiFinishReason(null, false), "other");
});

Deno.test("mapOpenAiFinishReason reports tool_calls when a server says stop after tool calls", () => {
  assert.equal(mapOpenAiFinishReason("stop", true), "tool_calls");
});
