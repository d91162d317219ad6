/** convertToOpenAiMessages / convertToOpenAiTools against a recorded OpenAI request body. */

import assert from "node:assert/strict";
import {
  convertToOpenAiMessages,
  convertToOpenAiTools,
} from "../../../src/providers/openai/convert_to_openai_messages.ts";
import { OPENAI_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import { readJsonFixture } from "../support/replay_server.ts";

// deno-lint-ignore no-explicit-any
const recorded = readJsonFixture("openai", "request_tool_history.json") as any;

Deno.test("convertToOpenAiMessages produces the recorded OpenAI messages, tool history included", () => {
  assert.deepEqual(convertToOpenAiMessages(OPENAI_HISTORY), recorded.messages);
});

Deno.test("convertToOpenAiMessages keeps assistant text next to tool calls", () => {
  const [converted] = convertToOpenAiMessages([
    { role: "assistant", content: "Looking", tool_calls: [{ id: "c", name: "git_status", arguments: "{}" }] },
  ]);
  assert.deepEqual(converted, {
    role: "assistant",
    content: "Looking",
    tool_calls: [{ id: "c", type: "function", function: { name: "git_status", arguments: "{}" } }],
  });
});

Deno.test("convertToOpenAiTools produces the recorded OpenAI function tools", () => {
  assert.deepEqual(convertToOpenAiTools([READ_FILE_TOOL]), recorded.tools);
});
