/** The Anthropic stream parser against recorded Messages API event streams. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createAnthropicStreamParser } from "../../../src/providers/anthropic/parse_anthropic_stream.ts";
import type { StreamEvent } from "../../../src/providers/types.ts";
import { readFixture, sseData } from "../support/replay_server.ts";

function parse(events: unknown[]): StreamEvent[] {
  const parser = createAnthropicStreamParser('anthropic model "claude"');
  return [...events.flatMap((event) => parser.push(event)), ...parser.finish()];
}

Deno.test("Anthropic parser yields thinking, text, assembled tool_use input, usage and finish", () => {
  assert.deepEqual(parse(sseData(readFixture("anthropic", "stream_tool_use.sse"))), [
    { type: "reasoning-delta", text: "The user wants the file." },
    { type: "text-delta", text: "Okay, let me read " },
    { type: "text-delta", text: "the file." },
    {
      type: "tool-call",
      call: { id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "read_file", arguments: '{"path": "notes.md"}' },
    },
    {
      type: "tool-call",
      call: { id: "toolu_01BqkUgbHWFzpGbDTr4yAjAL", name: "git_status", arguments: "{}" },
    },
    // Input counts the cached prompt tokens too (472 + 100).
    { type: "usage", input_tokens: 572, output_tokens: 89 },
    { type: "finish", reason: "tool_calls" },
  ]);
});

Deno.test("Anthropic parser streams a plain text answer", () => {
  assert.deepEqual(parse(sseData(readFixture("anthropic", "stream_text.sse"))), [
    { type: "text-delta", text: "Hello" },
    { type: "text-delta", text: "! How can I help?" },
    { type: "usage", input_tokens: 25, output_tokens: 12 },
    { type: "finish", reason: "stop" },
  ]);
});

Deno.test("Anthropic parser turns an overloaded error event into a retryable ProviderError", () => {
  assert.throws(
    () => parse(sseData(readFixture("anthropic", "stream_overloaded_error.sse"))),
    (error) =>
      error instanceof ProviderError && error.retryable && /overloaded_error: Overloaded/.test(error.message),
  );
});

Deno.test("Anthropic parser treats an invalid_request_error event as not retryable", () => {
  const parser = createAnthropicStreamParser('anthropic model "claude"');
  assert.throws(
    () => parser.push({ type: "error", error: { type: "invalid_request_error", message: "Bad" } }),
    (error) => error instanceof ProviderError && !error.retryable,
  );
});

Deno.test("Anthropic parser fails retryably when the stream ends before message_stop", () => {
  const events = sseData(readFixture("anthropic", "stream_text.sse")).slice(0, 4);
  assert.throws(() => parse(events), (error) => error instanceof ProviderError && error.retryable);
});
