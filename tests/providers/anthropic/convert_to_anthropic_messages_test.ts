/** convertToAnthropicMessages / convertToAnthropicTools against a recorded Messages API request. */

import assert from "node:assert/strict";
import {
  convertToAnthropicMessages,
  convertToAnthropicTools,
} from "../../../src/providers/anthropic/convert_to_anthropic_messages.ts";
import { ANTHROPIC_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import { readJsonFixture } from "../support/replay_server.ts";

// deno-lint-ignore no-explicit-any
const recorded = readJsonFixture("anthropic", "request_tool_history.json") as any;

Deno.test("convertToAnthropicMessages separates the system prompt and merges tool results into one user turn", () => {
  const prompt = convertToAnthropicMessages(ANTHROPIC_HISTORY);
  assert.equal(prompt.system, recorded.system);
  assert.deepEqual(prompt.messages, recorded.messages);
});

Deno.test("convertToAnthropicMessages sends invalid tool arguments back as an empty input object", () => {
  const { messages } = convertToAnthropicMessages([
    { role: "user", content: "go" },
    { role: "assistant", content: "", tool_calls: [{ id: "t1", name: "git_log", arguments: "[1, 2]" }] },
  ]);
  assert.deepEqual(messages[1], {
    role: "assistant",
    content: [{ type: "tool_use", id: "t1", name: "git_log", input: {} }],
  });
});

Deno.test("convertToAnthropicMessages drops empty text and omits system when there is none", () => {
  const prompt = convertToAnthropicMessages([
    { role: "user", content: "" },
    { role: "user", content: "hi" },
    { role: "assistant", content: "" },
  ]);
  assert.deepEqual(prompt, { messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] });
});

Deno.test("convertToAnthropicTools produces the recorded tool definitions", () => {
  assert.deepEqual(convertToAnthropicTools([READ_FILE_TOOL]), recorded.tools);
});
