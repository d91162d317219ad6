/** The openai client end to end against the scripted fake LLM server on loopback. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createOpenAiLanguageModel } from "../../../src/providers/openai/openai_language_model.ts";
import type { ChatRequest, ModelEntry, StreamEvent } from "../../../src/providers/types.ts";
import { type FakeLlm, startFakeLlm } from "../../support/fake_llm.ts";
import { collect, testDeps, textOf } from "../support/collect.ts";
import { OPENAI_HISTORY, READ_FILE_TOOL } from "../support/conversations.ts";
import { readFixture, readJsonFixture, startReplayServer } from "../support/replay_server.ts";

const ENV = { TEST_OPENAI_KEY: "sk-test" };

function entryFor(fake: FakeLlm): ModelEntry {
  return {
    name: "main",
    provider: "openai",
    model: "gpt-test",
    api_key_env: "TEST_OPENAI_KEY",
    base_url: fake.url,
  };
}

const request: ChatRequest = {
  messages: [{ role: "system", content: "Be brief" }, { role: "user", content: "Hello" }],
  maxTokens: 100,
};

async function withFake(test: (fake: FakeLlm) => Promise<void>): Promise<void> {
  const fake = await startFakeLlm();
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}

Deno.test("openai model streams text, then usage and finish, with the OpenAI request format", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ text: "Hi there friend", usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const events = await collect(createOpenAiLanguageModel(entryFor(fake), testDeps(ENV)).stream(request));
    assert.deepEqual(events.filter((event) => event.type === "text-delta").length, 3);
    assert.equal(textOf(events), "Hi there friend");
    assert.deepEqual(events.slice(-2), [
      { type: "usage", input_tokens: 12, output_tokens: 3 },
      { type: "finish", reason: "stop" },
    ]);
    const sent = fake.requests[0];
    assert.equal(sent.path, "/v1/chat/completions");
    assert.equal(sent.headers.authorization, "Bearer sk-test");
    assert.equal(sent.body.model, "gpt-test");
    assert.equal(sent.body.stream, true);
    assert.deepEqual(sent.body.stream_options, { include_usage: true });
    assert.equal(sent.body.max_tokens, 100);
    assert.deepEqual(sent.body.messages, request.messages);
    assert.equal(sent.body.tools, undefined);
  });
});

Deno.test("openai model assembles fragmented tool calls and sends function tools", async () => {
  await withFake(async (fake) => {
    fake.enqueue({
      text: "Reading.",
      toolCalls: [
        { id: "call_1", name: "read_file", arguments: { path: "notes.md" } },
        { id: "call_2", name: "git_status", arguments: "" },
      ],
    });
    const tools = [{ name: "read_file", description: "Read a file", parameters: { type: "object" } }];
    const model = createOpenAiLanguageModel(entryFor(fake), testDeps(ENV));
    const events = await collect(model.stream({ ...request, tools }));
    const calls = events.filter((event) => event.type === "tool-call");
    assert.deepEqual(calls, [
      { type: "tool-call", call: { id: "call_1", name: "read_file", arguments: '{"path":"notes.md"}' } },
      { type: "tool-call", call: { id: "call_2", name: "git_status", arguments: "{}" } },
    ]);
    assert.deepEqual(events.at(-1), { type: "finish", reason: "tool_calls" });
    assert.deepEqual(fake.requests[0].body.tools, [
      {
        type: "function",
        function: { name: "read_file", description: "Read a file", parameters: { type: "object" } },
      },
    ]);
  });
});

Deno.test("openai model retries a 500 with backoff, then fails with a retryable ProviderError", async () => {
  await withFake(async (fake) => {
    fake.setFallback(() => ({
      status: 500,
      body: JSON.stringify({ error: { message: "Upstream exploded" } }),
    }));
    const deps = testDeps(ENV);
    const failure = await collect(createOpenAiLanguageModel(entryFor(fake), deps).stream(request)).catch((
      e,
    ) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, true);
    assert.equal(failure.upstreamStatus, 500);
    assert.equal(failure.code, "LLM_CALL_FAILED");
    assert.match(failure.message, /HTTP 500: Upstream exploded/);
    assert.equal(fake.requests.length, 3);
    assert.deepEqual(deps.sleeps, [500, 1000]);
  });
});

Deno.test("openai model does not retry a 401 and reports it as not retryable", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ status: 401, body: JSON.stringify({ error: { message: "Incorrect API key provided" } }) });
    const deps = testDeps(ENV);
    const failure = await collect(createOpenAiLanguageModel(entryFor(fake), deps).stream(request)).catch((
      e,
    ) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.equal(failure.upstreamStatus, 401);
    assert.match(failure.message, /Incorrect API key provided/);
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(deps.sleeps, []);
  });
});

Deno.test("openai model waits as long as a 429 Retry-After asks, then succeeds", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ status: 429, headers: { "retry-after": "2" } }, { text: "after the wait" });
    const deps = testDeps(ENV);
    const events = await collect(createOpenAiLanguageModel(entryFor(fake), deps).stream(request));
    assert.equal(textOf(events), "after the wait");
    assert.deepEqual(deps.sleeps, [2000]);
    assert.equal(fake.requests.length, 2);
  });
});

Deno.test("openai model fails with a retryable idle timeout when the stream stays silent", async () => {
  await withFake(async (fake) => {
    fake.setFallback(() => ({ hang: true }));
    const deps = testDeps(ENV, { idleTimeoutMs: 50 });
    const failure = await collect(createOpenAiLanguageModel(entryFor(fake), deps).stream(request)).catch((
      e,
    ) => e);
    assert.ok(failure instanceof ProviderError, String(failure));
    assert.equal(failure.retryable, true);
    assert.match(failure.message, /no (data|response) for 50 ms/);
    assert.equal(fake.requests.length, 3);
    assert.ok(deps.signals.every((signal) => signal?.aborted), "every timed-out request was aborted");
  });
});

Deno.test("openai model times out a server that never sends headers", async () => {
  await withFake(async (fake) => {
    fake.setFallback(() => ({ hangBeforeHeaders: true }));
    const deps = testDeps(ENV, { idleTimeoutMs: 50 });
    const failure = await collect(createOpenAiLanguageModel(entryFor(fake), deps).stream(request)).catch((
      e,
    ) => e);
    assert.ok(failure instanceof ProviderError, String(failure));
    assert.equal(failure.retryable, true);
    assert.match(failure.message, /no response for 50 ms/);
  });
});

Deno.test("openai model abort mid-stream stops the request and throws AbortError", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ text: ["one ", "two ", "three ", "four"], chunkDelayMs: 20 }, { text: "next" });
    const deps = testDeps(ENV);
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const failure = await (async () => {
      for await (
        const event of createOpenAiLanguageModel(entryFor(fake), deps).stream({
          ...request,
          signal: controller.signal,
        })
      ) {
        events.push(event);
        if (event.type === "text-delta") controller.abort();
      }
    })().catch((e) => e);
    assert.ok(failure instanceof DOMException);
    assert.equal(failure.name, "AbortError");
    assert.equal(textOf(events), "one ");
    assert.equal(deps.signals[0]?.aborted, true);
    assert.equal(fake.requests.length, 1, "an abort is never retried");
  });
});

Deno.test("openai model never retries once text was streamed", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ text: ["partial ", "answer ", "lost"], breakAfterChunks: 3, chunkDelayMs: 20 });
    const deps = testDeps(ENV);
    const events: StreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of createOpenAiLanguageModel(entryFor(fake), deps).stream(request)) {
        events.push(event);
      }
    })().catch((e) => e);
    assert.ok(failure instanceof ProviderError, String(failure));
    assert.equal(textOf(events), "partial answer ");
    assert.equal(fake.requests.length, 1);
  });
});

Deno.test("openai model without its key fails at once naming the variable", async () => {
  await withFake(async (fake) => {
    const failure = await collect(createOpenAiLanguageModel(entryFor(fake), testDeps({})).stream(request))
      .catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.match(failure.message, /"TEST_OPENAI_KEY" is not set/);
    assert.equal(fake.requests.length, 0);
  });
});

Deno.test("openai model on a custom base_url without api_key_env sends no Authorization header", async () => {
  await withFake(async (fake) => {
    const entry: ModelEntry = { name: "local", provider: "openai", model: "m", base_url: fake.url };
    const events = await collect(
      createOpenAiLanguageModel(entry, testDeps({ OPENAI_API_KEY: "sk-real" })).stream(request),
    );
    assert.equal(textOf(events), "ok");
    assert.equal(fake.requests[0].headers.authorization, undefined);
  });
});

Deno.test("openai model on the official endpoint requires OPENAI_API_KEY by default", async () => {
  const entry: ModelEntry = { name: "cloud", provider: "openai", model: "gpt-test" };
  const failure = await collect(createOpenAiLanguageModel(entry, testDeps({})).stream(request)).catch((e) =>
    e
  );
  assert.ok(failure instanceof ProviderError);
  assert.match(failure.message, /"OPENAI_API_KEY" is not set/);
});

Deno.test("openai model sends the recorded request body and replays a recorded tool-call stream", async () => {
  const server = startReplayServer([{ body: readFixture("openai", "stream_tool_calls.sse") }]);
  try {
    const entry: ModelEntry = {
      name: "main",
      provider: "openai",
      model: "gpt-4o",
      api_key_env: "TEST_OPENAI_KEY",
      base_url: server.url + "/v1",
    };
    const model = createOpenAiLanguageModel(entry, testDeps(ENV));
    const events = await collect(
      model.stream({ messages: OPENAI_HISTORY, tools: [READ_FILE_TOOL], maxTokens: 4096 }),
    );
    assert.deepEqual(server.requests[0].body, readJsonFixture("openai", "request_tool_history.json"));
    assert.equal(server.requests[0].url, "/v1/chat/completions");
    assert.deepEqual(events.map((event) => event.type), ["tool-call", "tool-call", "usage", "finish"]);
  } finally {
    await server.close();
  }
});

Deno.test("openai model aborts the request when the consumer stops reading early", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ text: ["a ", "b ", "c"], reasoning: "thinking", chunkDelayMs: 20 });
    const deps = testDeps(ENV);
    const seen: StreamEvent[] = [];
    for await (const event of createOpenAiLanguageModel(entryFor(fake), deps).stream(request)) {
      seen.push(event);
      if (event.type === "text-delta") break;
    }
    assert.deepEqual(seen.map((event) => event.type).slice(-1), ["text-delta"]);
    assert.ok(
      seen.some((event) => event.type === "reasoning-delta"),
      "reasoning_content is streamed as reasoning",
    );
    assert.equal(deps.signals[0]?.aborted, true);
  });
});
