/** The google client end to end against a loopback server replaying recorded Gemini answers. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createGoogleLanguageModel } from "../../../src/providers/google/google_language_model.ts";
import type { ModelEntry } from "../../../src/providers/types.ts";
import { collect, testDeps, textOf } from "../support/collect.ts";
import { GOOGLE_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import {
  readFixture,
  readJsonFixture,
  type ReplayServer,
  type Reply,
  startReplayServer,
} from "../support/replay_server.ts";

const ENV = { GEMINI_KEY: "g-test" };
const request = { messages: GOOGLE_HISTORY, tools: [READ_FILE_TOOL], maxTokens: 1024 };

function entryFor(server: ReplayServer): ModelEntry {
  return {
    name: "gemini",
    provider: "google",
    model: "gemini-2.5-flash",
    api_key_env: "GEMINI_KEY",
    base_url: server.url + "/v1beta",
  };
}

async function withServer(replies: Reply[], test: (server: ReplayServer) => Promise<void>): Promise<void> {
  const server = startReplayServer(replies);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

Deno.test("google model posts the recorded request to streamGenerateContent and streams the answer", async () => {
  await withServer([{ body: readFixture("google", "stream_function_call.sse") }], async (server) => {
    const events = await collect(createGoogleLanguageModel(entryFor(server), testDeps(ENV)).stream(request));
    const sent = server.requests[0];
    assert.equal(sent.url, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    assert.equal(sent.headers.get("x-goog-api-key"), "g-test");
    assert.deepEqual(sent.body, readJsonFixture("google", "request_tool_history.json"));
    assert.equal(textOf(events), "I will read it now.");
    const calls = events.flatMap((event) => event.type === "tool-call" ? [event.call] : []);
    assert.deepEqual(calls.map((call) => [call.id, call.name]), [["gen_1", "read_file"], [
      "gen_2",
      "list_directory",
    ]]);
    assert.deepEqual(events.at(-1), { type: "finish", reason: "tool_calls" });
  });
});

Deno.test("google model retries a 429 RESOURCE_EXHAUSTED answer, then streams", async () => {
  const limited = {
    status: 429,
    body: readFixture("google", "error_429.json"),
    contentType: "application/json",
  };
  await withServer([limited, { body: readFixture("google", "stream_text.sse") }], async (server) => {
    const deps = testDeps(ENV);
    const events = await collect(createGoogleLanguageModel(entryFor(server), deps).stream(request));
    assert.equal(textOf(events), "Hello! How can I help?");
    assert.equal(server.requests.length, 2);
    assert.deepEqual(deps.sleeps, [500]);
  });
});

Deno.test("google model reports an invalid key (400) without retrying", async () => {
  const invalid = {
    status: 400,
    body: readFixture("google", "error_400.json"),
    contentType: "application/json",
  };
  await withServer([invalid], async (server) => {
    const failure = await collect(createGoogleLanguageModel(entryFor(server), testDeps(ENV)).stream(request))
      .catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.match(failure.message, /HTTP 400: API key not valid/);
    assert.equal(server.requests.length, 1);
  });
});

Deno.test("google model without its key names the variable and makes no request", async () => {
  await withServer([{ body: "" }], async (server) => {
    const failure = await collect(createGoogleLanguageModel(entryFor(server), testDeps({})).stream(request))
      .catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.match(failure.message, /"GEMINI_KEY" is not set/);
    assert.equal(server.requests.length, 0);
  });
});

Deno.test("google model abort before the first event throws AbortError and aborts the fetch", async () => {
  await withServer([{ hang: true }], async (server) => {
    const deps = testDeps(ENV);
    const controller = new AbortController();
    const stream = createGoogleLanguageModel(entryFor(server), deps).stream({
      ...request,
      signal: controller.signal,
    });
    const pending = collect(stream);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const failure = await pending.catch((e) => e);
    assert.ok(failure instanceof DOMException);
    assert.equal(failure.name, "AbortError");
    assert.equal(deps.signals[0]?.aborted, true);
  });
});
