/** createLanguageModel / createEmbeddingModel pick the vendor; complete() collects a whole answer. */

import assert from "node:assert/strict";
import { ConfigError, ProviderError } from "../../src/lib/errors.ts";
import {
  complete,
  createEmbeddingModel,
  createLanguageModel,
  type ModelEntry,
} from "../../src/providers/mod.ts";
import { startFakeLlm } from "../support/fake_llm.ts";
import { testDeps } from "./support/collect.ts";

Deno.test("createLanguageModel builds a model for each of the four providers", () => {
  for (const provider of ["openai", "anthropic", "google", "ollama"] as const) {
    const model = createLanguageModel({ name: "m", provider, model: `${provider}-model` }, testDeps());
    assert.equal(model.provider, provider);
    assert.equal(model.model, `${provider}-model`);
  }
});

Deno.test("createLanguageModel rejects an unknown provider with a ConfigError", () => {
  const entry = { name: "odd", provider: "mistral", model: "x" } as unknown as ModelEntry;
  assert.throws(
    () => createLanguageModel(entry, testDeps()),
    (error) => error instanceof ConfigError && /unknown provider "mistral"/.test(error.message),
  );
});

Deno.test("createEmbeddingModel refuses anthropic, which has no embedding API", () => {
  assert.throws(
    () => createEmbeddingModel({ name: "c", provider: "anthropic", model: "claude" }, testDeps()),
    (error) => error instanceof ConfigError && /no embedding API/.test(error.message),
  );
  assert.equal(
    createEmbeddingModel({ name: "e", provider: "ollama", model: "nomic" }, testDeps()).model,
    "nomic",
  );
});

Deno.test("complete collects text, tool calls, usage and the finish reason of one answer", async () => {
  const fake = await startFakeLlm();
  try {
    fake.enqueue({
      text: '{"decision": "ALLOW"}',
      toolCalls: [{ id: "c1", name: "git_status", arguments: {} }],
      usage: { prompt_tokens: 5, completion_tokens: 7 },
    });
    const model = createLanguageModel(
      { name: "m", provider: "openai", model: "gpt", base_url: fake.url },
      testDeps(),
    );
    const result = await complete(model, [{ role: "user", content: "judge" }], { maxTokens: 300 });
    assert.deepEqual(result, {
      text: '{"decision": "ALLOW"}',
      reasoning: "",
      toolCalls: [{ id: "c1", name: "git_status", arguments: "{}" }],
      finishReason: "tool_calls",
      usage: { input_tokens: 5, output_tokens: 7 },
    });
    assert.equal(fake.requests[0].body.max_tokens, 300);
  } finally {
    await fake.close();
  }
});

Deno.test("complete throws the provider's ProviderError", async () => {
  const fake = await startFakeLlm({ fallback: () => ({ status: 403 }) });
  try {
    const model = createLanguageModel(
      { name: "m", provider: "openai", model: "gpt", base_url: fake.url },
      testDeps(),
    );
    const failure = await complete(model, [{ role: "user", content: "x" }]).catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.equal(failure.retryable, false);
    assert.equal(fake.requests[0].body.max_tokens, 4096);
  } finally {
    await fake.close();
  }
});
