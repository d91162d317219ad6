/** The OpenAI chunk parser against recorded chat.completion.chunk streams. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createOpenAiChunkParser } from "../../../src/providers/openai/parse_openai_chunks.ts";
import type { StreamEvent } from "../../../src/providers/types.ts";
import { readFixture, sseData } from "../support/replay_server.ts";

function parse(chunks: unknown[]): StreamEvent[] {
  let ids = 0;
  const parser = createOpenAiChunkParser('openai model "gpt-4o"', () => `gen_${++ids}`);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.finish()];
}

Deno.test("OpenAI parser assembles parallel tool calls from indexed fragments", () => {
  assert.deepEqual(parse(sseData(readFixture("openai", "stream_tool_calls.sse"))), [
    {
      type: "tool-call",
      call: { id: "call_DdmO9pD3xa9XTPNJ32zg2hcA", name: "read_file", arguments: '{"path": "notes.md"}' },
    },
    {
      type: "tool-call",
      call: { id: "call_ABCp0LqzZRE4fYeBSw1vUT5D", name: "list_directory", arguments: "{}" },
    },
    { type: "usage", input_tokens: 82, output_tokens: 40 },
    { type: "finish", reason: "tool_calls" },
  ]);
});

Deno.test("OpenAI parser streams text deltas and ends with usage then finish", () => {
  assert.deepEqual(parse(sseData(readFixture("openai", "stream_text.sse"))), [
    { type: "text-delta", text: "Hello" },
    { type: "text-delta", text: "! How can" },
    { type: "text-delta", text: " I help?" },
    { type: "usage", input_tokens: 19, output_tokens: 10 },
    { type: "finish", reason: "stop" },
  ]);
});

Deno.test("OpenAI parser maps length and omits usage the server did not send", () => {
  assert.deepEqual(parse(sseData(readFixture("openai", "stream_length_no_usage.sse"))), [
    { type: "text-delta", text: "Once upon" },
    { type: "finish", reason: "length" },
  ]);
});

Deno.test("OpenAI parser reads reasoning deltas of compatible servers", () => {
  const events = parse([
    { choices: [{ index: 0, delta: { reasoning_content: "think" } }] },
    { choices: [{ index: 0, delta: { reasoning: " more" } }] },
    { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ]);
  assert.deepEqual(events.slice(0, 2), [
    { type: "reasoning-delta", text: "think" },
    { type: "reasoning-delta", text: " more" },
  ]);
});

Deno.test("OpenAI parser accepts whole tool calls without index or id, as some servers send", () => {
  const events = parse([
    {
      choices: [{ index: 0, delta: { tool_calls: [{ function: { name: "git_status", arguments: "{}" } }] } }],
    },
    {
      choices: [{
        index: 0,
        delta: { tool_calls: [{ id: "b", function: { name: "git_log", arguments: "{}" } }] },
      }],
    },
    { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ]);
  assert.deepEqual(events, [
    { type: "tool-call", call: { id: "gen_1", name: "git_status", arguments: "{}" } },
    { type: "tool-call", call: { id: "b", name: "git_log", arguments: "{}" } },
    { type: "finish", reason: "tool_calls" },
  ]);
});

Deno.test("OpenAI parser fails retryably when the stream ends without a finish reason", () => {
  assert.throws(
    () => parse([{ choices: [{ index: 0, delta: { content: "cut" } }] }]),
    (error) =>
      error instanceof ProviderError && error.retryable && /without a finish reason/.test(error.message),
  );
});

Deno.test("OpenAI parser turns a mid-stream error payload into a ProviderError", () => {
  assert.throws(
    () => parse([{ error: { message: "The server had an error", type: "server_error" } }]),
    (error) =>
      error instanceof ProviderError && error.retryable && /The server had an error/.test(error.message),
  );
});

Deno.test("OpenAI parser ignores malformed chunks instead of crashing", () => {
  const events = parse([null, 42, { choices: "x" }, {
    choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
  }]);
  assert.deepEqual(events, [{ type: "finish", reason: "stop" }]);
});
