/** Self-test of the scripted fake LLM: wire format, scripting, failures, hangs and aborts. */

import assert from "node:assert/strict";
import OpenAI from "openai";
import { FAKE_EMBEDDING_DIMENSION, fakeEmbedding, type FakeLlm, startFakeLlm } from "./fake_llm.ts";

async function withFake(test: (fake: FakeLlm) => Promise<void>): Promise<void> {
  const fake = await startFakeLlm();
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}

function postChat(
  fake: FakeLlm,
  body: Record<string, unknown>,
  init: RequestInit = {},
  path = "/chat/completions",
) {
  return fetch(fake.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer test-key" },
    body: JSON.stringify({ model: "fake-model", messages: [{ role: "user", content: "hi" }], ...body }),
    ...init,
  });
}

/** Reads an SSE body into parsed `data:` payloads; "[DONE]" is kept as the string. */
async function readSse(response: Response): Promise<unknown[]> {
  const text = await response.text();
  assert.ok(text.endsWith("\n\n"), "every SSE event ends with a blank line");
  return text.trim().split("\n\n").map((event) => {
    assert.ok(event.startsWith("data: "), `unexpected SSE line: ${event}`);
    const data = event.slice("data: ".length);
    return data === "[DONE]" ? data : JSON.parse(data);
  });
}

// deno-lint-ignore no-explicit-any
type Chunk = any;

Deno.test("fake LLM streams the default fallback text ok and records the request", async () => {
  await withFake(async (fake) => {
    const response = await postChat(fake, { stream: true });
    assert.equal(response.headers.get("content-type"), "text/event-stream");
    const events = await readSse(response);
    assert.equal(events.at(-1), "[DONE]");
    const chunks = events.slice(0, -1) as Chunk[];
    assert.equal(chunks[0].object, "chat.completion.chunk");
    assert.equal(chunks[0].choices[0].delta.role, "assistant");
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("");
    assert.equal(text, "ok");
    assert.equal(chunks.at(-1).choices[0].finish_reason, "stop");
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].path, "/v1/chat/completions");
    assert.equal(fake.requests[0].headers.authorization, "Bearer test-key");
    assert.equal(fake.requests[0].body.messages[0].content, "hi");
  });
});

Deno.test("fake LLM streams queued text in order, with a usage chunk when asked", async () => {
  await withFake(async (fake) => {
    fake.enqueue(
      { text: "Hello there, world", usage: { prompt_tokens: 11, completion_tokens: 3 } },
      { text: ["a", "b"] },
    );
    const events = await readSse(
      await postChat(fake, { stream: true, stream_options: { include_usage: true } }),
    );
    const chunks = events.slice(0, -1) as Chunk[];
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice: Chunk) => choice.delta.content));
    assert.deepEqual(deltas.filter(Boolean), ["Hello ", "there, ", "world"]);
    assert.deepEqual(chunks.at(-1).choices, []);
    assert.deepEqual(chunks.at(-1).usage, { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 });
    assert.equal(chunks.at(-2).choices[0].finish_reason, "stop");

    const second = (await readSse(await postChat(fake, { stream: true }))).slice(0, -1) as Chunk[];
    assert.deepEqual(second.map((chunk) => chunk.choices[0].delta.content).filter(Boolean), ["a", "b"]);
    assert.ok(second.every((chunk) => !("usage" in chunk)), "no usage without include_usage");
  });
});

Deno.test("fake LLM sends tool calls in indexed fragments that the openai SDK reassembles", async () => {
  await withFake(async (fake) => {
    fake.enqueue({
      text: "Let me look.",
      toolCalls: [
        { id: "call_a", name: "read_file", arguments: { path: "notes.md" } },
        { name: "list_directory", arguments: '{"path": "."' },
      ],
    });
    const client = new OpenAI({ apiKey: "k", baseURL: fake.url });
    const stream = client.chat.completions.stream({
      model: "fake-model",
      messages: [{ role: "user", content: "hi" }],
    });
    const completion = await stream.finalChatCompletion();
    const message = completion.choices[0].message;
    assert.equal(message.content, "Let me look.");
    assert.equal(completion.choices[0].finish_reason, "tool_calls");
    const calls = (message.tool_calls ?? []).map((call) => call.type === "function" ? call : assert.fail());
    assert.deepEqual(calls.map((call) => [call.id, call.function.name, call.function.arguments]), [
      ["call_a", "read_file", '{"path":"notes.md"}'],
      ["call_1_1", "list_directory", '{"path": "."'],
    ]);
  });
});

Deno.test("fake LLM splits tool call arguments across several chunks", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ toolCalls: [{ name: "write_file", arguments: { path: "a.txt", content: "hello" } }] });
    const chunks = (await readSse(await postChat(fake, { stream: true }))).slice(0, -1) as Chunk[];
    const fragments = chunks.flatMap((chunk) => chunk.choices[0].delta.tool_calls ?? []);
    assert.equal(fragments[0].index, 0);
    assert.equal(fragments[0].function.name, "write_file");
    assert.ok(fragments.length >= 3, "name chunk plus at least two argument fragments");
    assert.ok(
      fragments.slice(1).every((fragment: Chunk) => fragment.id === undefined && fragment.index === 0),
    );
    const joined = fragments.map((fragment: Chunk) => fragment.function.arguments).join("");
    assert.deepEqual(JSON.parse(joined), { path: "a.txt", content: "hello" });
  });
});

Deno.test("fake LLM answers stream false with a chat.completion object", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ toolCalls: [{ id: "c1", name: "git_status", arguments: {} }] }, { text: "plain" });
    const first = await (await postChat(fake, { stream: false })).json();
    assert.equal(first.object, "chat.completion");
    assert.equal(first.choices[0].message.content, null);
    assert.deepEqual(first.choices[0].message.tool_calls, [
      { id: "c1", type: "function", function: { name: "git_status", arguments: "{}" } },
    ]);
    const second = await (await postChat(fake, {})).json();
    assert.equal(second.choices[0].message.content, "plain");
    assert.equal(second.choices[0].finish_reason, "stop");
    assert.ok(second.usage.total_tokens > 0);
  });
});

Deno.test("fake LLM returns scripted statuses, headers and raw JSON bodies", async () => {
  await withFake(async (fake) => {
    fake.enqueue(
      { status: 429, headers: { "retry-after": "2" } },
      { status: 500, body: "boom" },
      { json: { decision: "ALLOW" } },
    );
    const limited = await postChat(fake, { stream: true });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "2");
    assert.match((await limited.json()).error.message, /429/);
    const failed = await postChat(fake, { stream: true });
    assert.equal(failed.status, 500);
    assert.equal(await failed.text(), "boom");
    assert.deepEqual(await (await postChat(fake, { stream: false })).json(), { decision: "ALLOW" });
  });
});

Deno.test("fake LLM uses the fallback set with setFallback once the queue is empty", async () => {
  await withFake(async (fake) => {
    fake.setFallback((request) => ({ json: { echoed: request.body.messages.at(-1).content } }));
    const answer = await (await postChat(fake, { messages: [{ role: "user", content: "ping" }] })).json();
    assert.deepEqual(answer, { echoed: "ping" });
  });
});

Deno.test("fake LLM serves chat without the /v1 prefix too", async () => {
  const fake = await startFakeLlm({ fallback: () => ({ text: "root" }) });
  try {
    const root = fake.url.replace(/\/v1$/, "");
    const response = await fetch(root + "/chat/completions", {
      method: "POST",
      body: JSON.stringify({ model: "m", messages: [], stream: false }),
    });
    assert.equal((await response.json()).choices[0].message.content, "root");
    assert.equal(fake.requests[0].path, "/chat/completions");
  } finally {
    await fake.close();
  }
});

Deno.test("fake LLM hang sends headers then no data until the client aborts, and keeps serving", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ hang: true });
    const controller = new AbortController();
    const response = await postChat(fake, { stream: true }, { signal: controller.signal });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const read = reader.read();
    controller.abort();
    await assert.rejects(read, (error: Error) => error.name === "AbortError");
    const next = await readSse(await postChat(fake, { stream: true }));
    assert.equal(next.at(-1), "[DONE]");
  });
});

Deno.test("fake LLM hangBeforeHeaders never answers until the client aborts", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ hangBeforeHeaders: true });
    const controller = new AbortController();
    const pending = postChat(fake, { stream: true }, { signal: controller.signal });
    // The request is recorded before the hang, so its arrival is observable without timing.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await assert.rejects(pending, (error: Error) => error.name === "AbortError");
    assert.equal((await postChat(fake, {})).status, 200);
  });
});

Deno.test("fake LLM close ends hanging requests instead of waiting for them", async () => {
  const fake = await startFakeLlm({ fallback: () => ({ hang: true }) });
  fake.enqueue({ hangBeforeHeaders: true });
  const beforeHeaders = postChat(fake, { stream: true }).then((response) => response.text(), () => "failed");
  const afterHeaders = await postChat(fake, { stream: true });
  await fake.close();
  assert.equal(await afterHeaders.text(), "");
  assert.notEqual(await beforeHeaders, undefined);
});

Deno.test("fake LLM breakAfterChunks drops the connection mid-stream", async () => {
  await withFake(async (fake) => {
    fake.enqueue({ text: ["one", "two", "three"], breakAfterChunks: 2 });
    const response = await postChat(fake, { stream: true });
    await assert.rejects(response.text());
  });
});

Deno.test("fake LLM embeddings are deterministic 64-dimension vectors, also as base64 for the SDK", async () => {
  await withFake(async (fake) => {
    const response = await fetch(fake.url + "/embeddings", {
      method: "POST",
      body: JSON.stringify({ model: "embed", input: ["the cat sat", "The CAT sat", "stock prices"] }),
    });
    const body = await response.json();
    const [a, b, c] = body.data.map((item: { embedding: number[] }) => item.embedding);
    assert.equal(a.length, FAKE_EMBEDDING_DIMENSION);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.ok(Math.abs(Math.hypot(...a) - 1) < 1e-9);

    const client = new OpenAI({ apiKey: "k", baseURL: fake.url });
    const viaSdk = await client.embeddings.create({ model: "embed", input: "the cat sat" });
    const expected = fakeEmbedding("the cat sat");
    viaSdk.data[0].embedding.forEach((value, index) => assert.ok(Math.abs(value - expected[index]) < 1e-6));
  });
});

Deno.test("fake LLM lists a model and rejects unknown routes and non-JSON bodies", async () => {
  await withFake(async (fake) => {
    const models = await (await fetch(fake.url + "/models")).json();
    assert.equal(models.data[0].id, "fake-model");
    const unknown = await fetch(fake.url + "/nothing", { method: "POST", body: "{}" });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    const invalid = await fetch(fake.url + "/chat/completions", { method: "POST", body: "not json" });
    assert.equal(invalid.status, 400);
    await invalid.body?.cancel();
    assert.equal(fake.requests.length, 3);
  });
});
