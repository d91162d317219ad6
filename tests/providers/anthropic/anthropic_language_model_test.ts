/** The anthropic client end to end against a loopback server replaying recorded Messages API answers. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import {
  anthropicMessagesUrl,
  createAnthropicLanguageModel,
} from "../../../src/providers/anthropic/anthropic_language_model.ts";
import type { ModelEntry, StreamEvent } from "../../../src/providers/types.ts";
import { collect, testDeps, textOf } from "../support/collect.ts";
import { ANTHROPIC_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import {
  readFixture,
  readJsonFixture,
  type ReplayServer,
  type Reply,
  startReplayServer,
} from "../support/replay_server.ts";

const ENV = { ANTHROPIC_API_KEY: "sk-ant-test" };
const request = { messages: ANTHROPIC_HISTORY, tools: [READ_FILE_TOOL], maxTokens: 4096 };

function entryFor(server: ReplayServer): ModelEntry {
  return { name: "claude", provider: "anthropic", model: "claude-sonnet-4-5", base_url: server.url };
}

async function withServer(replies: Reply[], test: (server: ReplayServer) => Promise<void>): Promise<void> {
  const server = startReplayServer(replies);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

Deno.test("anthropic model posts the recorded request with key and version headers and streams the answer", async () => {
  await withServer([{ body: readFixture("anthropic", "stream_tool_use.sse") }], async (server) => {
    const events = await collect(
      createAnthropicLanguageModel(entryFor(server), testDeps(ENV)).stream(request),
    );
    const sent = server.requests[0];
    assert.equal(sent.url, "/v1/messages");
    assert.equal(sent.headers.get("x-api-key"), "sk-ant-test");
    assert.equal(sent.headers.get("anthropic-version"), "2023-06-01");
    assert.deepEqual(sent.body, readJsonFixture("anthropic", "request_tool_history.json"));
    assert.equal(textOf(events), "Okay, let me read the file.");
    assert.deepEqual(events.filter((event) => event.type === "tool-call").map((event) => event.call.name), [
      "read_file",
      "git_status",
    ]);
    assert.deepEqual(events.at(-1), { type: "finish", reason: "tool_calls" });
  });
});

Deno.test("anthropic model retries a 529 overloaded answer, then streams", async () => {
  const overloaded = {
    status: 529,
    body: readFixture("anthropic", "error_529.json"),
    contentType: "application/json",
  };
  await withServer([overloaded, { body: readFixture("anthropic", "stream_text.sse") }], async (server) => {
    const deps = testDeps(ENV);
    const events = await collect(createAnthropicLanguageModel(entryFor(server), deps).stream(request));
    assert.equal(textOf(events), "Hello! How can I help?");
    assert.deepEqual(deps.sleeps, [500]);
  });
});

Deno.test("anthropic model reports a 400 with the vendor message and does not retry", async () => {
  const invalid = {
    status: 400,
    body: readFixture("anthropic", "error_400.json"),
    contentType: "application/json",
  };
  await withServer([invalid], async (server) => {
    const failure = await collect(
      createAnthropicLanguageModel(entryFor(server), testDeps(ENV)).stream(request),
    )
      .catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.equal(failure.upstreamStatus, 400);
    assert.match(failure.message, /HTTP 400: max_tokens: Field required/);
    assert.equal(server.requests.length, 1);
  });
});

Deno.test("anthropic model does not retry an error event that arrives after text was streamed", async () => {
  const [head, error] = readFixture("anthropic", "stream_overloaded_error.sse").split(/(?=event: error)/);
  await withServer([{ chunks: [head, error], pauseMs: 20 }], async (server) => {
    const events: StreamEvent[] = [];
    const failure = await (async () => {
      for await (
        const event of createAnthropicLanguageModel(entryFor(server), testDeps(ENV)).stream(request)
      ) {
        events.push(event);
      }
    })().catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, true);
    assert.equal(textOf(events), "Partial");
    assert.equal(server.requests.length, 1);
  });
});

Deno.test("anthropic model retries an error event that arrives before anything was streamed", async () => {
  await withServer([{ body: readFixture("anthropic", "stream_overloaded_error.sse") }], async (server) => {
    const deps = testDeps(ENV);
    const failure = await collect(createAnthropicLanguageModel(entryFor(server), deps).stream(request)).catch(
      (e) => e,
    );
    assert.ok(failure instanceof ProviderError);
    assert.match(failure.message, /overloaded_error/);
    assert.equal(server.requests.length, 3);
  });
});

Deno.test("anthropic model without a key names ANTHROPIC_API_KEY and makes no request", async () => {
  await withServer([{ body: "" }], async (server) => {
    const failure = await collect(
      createAnthropicLanguageModel(entryFor(server), testDeps({})).stream(request),
    )
      .catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.match(failure.message, /"ANTHROPIC_API_KEY" is not set/);
    assert.equal(server.requests.length, 0);
  });
});

Deno.test("anthropic model times out a silent stream and aborts the request", async () => {
  await withServer([{ hang: true }], async (server) => {
    const deps = testDeps(ENV, { idleTimeoutMs: 30 });
    const failure = await collect(createAnthropicLanguageModel(entryFor(server), deps).stream(request)).catch(
      (e) => e,
    );
    assert.ok(failure instanceof ProviderError, String(failure));
    assert.equal(failure.retryable, true);
    assert.equal(server.requests.length, 3);
    assert.ok(deps.signals.every((signal) => signal?.aborted));
  });
});

Deno.test("anthropicMessagesUrl accepts a base_url with or without /v1", () => {
  assert.equal(anthropicMessagesUrl(), "https://api.anthropic.com/v1/messages");
  assert.equal(anthropicMessagesUrl("http://proxy/v1/"), "http://proxy/v1/messages");
  assert.equal(anthropicMessagesUrl("http://proxy/anthropic"), "http://proxy/anthropic/v1/messages");
});
