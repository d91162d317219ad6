/** The ollama client: OpenAI-compatible endpoint, no key, its own default base URL. */

import assert from "node:assert/strict";
import { createOllamaLanguageModel } from "../../../src/providers/ollama/ollama_language_model.ts";
import { startFakeLlm } from "../../support/fake_llm.ts";
import { collect, testDeps, textOf } from "../support/collect.ts";

Deno.test("ollama model streams through the OpenAI-compatible endpoint without a key", async () => {
  const fake = await startFakeLlm();
  try {
    fake.enqueue({ text: "llama says hi" });
    const entry = { name: "local", provider: "ollama" as const, model: "llama3.2", base_url: fake.url };
    const events = await collect(
      createOllamaLanguageModel(entry, testDeps({})).stream({
        messages: [{ role: "user", content: "hi" }],
        maxTokens: 50,
      }),
    );
    assert.equal(textOf(events), "llama says hi");
    assert.equal(fake.requests[0].headers.authorization, undefined);
    assert.equal(fake.requests[0].body.model, "llama3.2");
    assert.equal(fake.requests[0].body.max_tokens, 50);
  } finally {
    await fake.close();
  }
});

Deno.test("ollama model defaults to http://localhost:11434/v1/chat/completions", async () => {
  const urls: string[] = [];
  const deps = testDeps({}, {
    fetch: (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(new Response('{"error":{"message":"model not found"}}', { status: 404 }));
    },
  });
  const entry = { name: "local", provider: "ollama" as const, model: "llama3.2" };
  const failure = await collect(createOllamaLanguageModel(entry, deps).stream({ messages: [], maxTokens: 5 }))
    .catch((e) => e);
  assert.deepEqual(urls, ["http://localhost:11434/v1/chat/completions"]);
  assert.match(failure.message, /HTTP 404: model not found/);
});
