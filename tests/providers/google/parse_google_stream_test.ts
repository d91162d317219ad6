/** The Gemini stream parser against recorded streamGenerateContent?alt=sse answers. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createGoogleStreamParser } from "../../../src/providers/google/parse_google_stream.ts";
import type { StreamEvent } from "../../../src/providers/types.ts";
import { readFixture, sseData } from "../support/replay_server.ts";

function parse(chunks: unknown[]): StreamEvent[] {
  let ids = 0;
  const parser = createGoogleStreamParser('google model "gemini"', () => `gen_${++ids}`);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.finish()];
}

Deno.test("Gemini parser yields thoughts, text, function calls with ids and signatures, usage and finish", () => {
  assert.deepEqual(parse(sseData(readFixture("google", "stream_function_call.sse"))), [
    { type: "reasoning-delta", text: "**Planning** I should read the file first." },
    { type: "text-delta", text: "I will read it" },
    { type: "text-delta", text: " now." },
    {
      type: "tool-call",
      call: {
        id: "gen_1",
        name: "read_file",
        arguments: '{"path":"notes.md"}',
        signature: "CiQB0e2Kb7Pj0bpk2LvJ0ZJZgNRm6xDqLJtW8kbkL0X8MXO0ZWcKaQHR",
      },
    },
    { type: "tool-call", call: { id: "gen_2", name: "list_directory", arguments: "{}" } },
    // Output counts the thinking tokens too (25 + 45).
    { type: "usage", input_tokens: 120, output_tokens: 70 },
    { type: "finish", reason: "tool_calls" },
  ]);
});

Deno.test("Gemini parser streams a plain text answer", () => {
  assert.deepEqual(parse(sseData(readFixture("google", "stream_text.sse"))), [
    { type: "text-delta", text: "Hello" },
    { type: "text-delta", text: "! How can I help?" },
    { type: "usage", input_tokens: 8, output_tokens: 9 },
    { type: "finish", reason: "stop" },
  ]);
});

Deno.test("Gemini parser reports a blocked prompt as content_filter", () => {
  assert.deepEqual(parse(sseData(readFixture("google", "stream_prompt_blocked.sse"))), [
    { type: "usage", input_tokens: 30, output_tokens: 0 },
    { type: "finish", reason: "content_filter" },
  ]);
});

Deno.test("Gemini parser turns an error chunk into a ProviderError, retryable for 503", () => {
  assert.throws(
    () => parse([{ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } }]),
    (error) =>
      error instanceof ProviderError && error.retryable &&
      /UNAVAILABLE: The model is overloaded/.test(error.message),
  );
});

Deno.test("Gemini parser fails retryably when no chunk carried a finish reason", () => {
  const chunks = sseData(readFixture("google", "stream_text.sse")).slice(0, 1);
  assert.throws(() => parse(chunks), (error) => error instanceof ProviderError && error.retryable);
});
