/** OpenAI-compatible embeddings against the fake LLM and a recorded, out-of-order answer. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { createOpenAiEmbeddingModel } from "../../../src/providers/openai/openai_embedding_model.ts";
import { fakeEmbedding, startFakeLlm } from "../../support/fake_llm.ts";
import { testDeps } from "../support/collect.ts";
import { readFixture, startReplayServer } from "../support/replay_server.ts";

Deno.test("openai embeddings return one vector per text from {base_url}/embeddings", async () => {
  const fake = await startFakeLlm();
  try {
    const entry = {
      name: "embed",
      provider: "openai" as const,
      model: "text-embedding-3-small",
      base_url: fake.url,
      api_key_env: "K",
    };
    const vectors = await createOpenAiEmbeddingModel(entry, testDeps({ K: "sk" })).embed([
      "alpha beta",
      "gamma",
    ]);
    assert.deepEqual(vectors, [fakeEmbedding("alpha beta"), fakeEmbedding("gamma")]);
    assert.equal(fake.requests[0].path, "/v1/embeddings");
    assert.equal(fake.requests[0].headers.authorization, "Bearer sk");
    assert.deepEqual(fake.requests[0].body, {
      model: "text-embedding-3-small",
      input: ["alpha beta", "gamma"],
      encoding_format: "float",
    });
  } finally {
    await fake.close();
  }
});

Deno.test("openai embeddings put vectors back in input order using index", async () => {
  const server = startReplayServer([{
    body: readFixture("openai", "embeddings_response.json"),
    contentType: "application/json",
  }]);
  try {
    const entry = { name: "embed", provider: "openai" as const, model: "m", base_url: server.url + "/v1" };
    const vectors = await createOpenAiEmbeddingModel(entry, testDeps()).embed(["a", "b"]);
    assert.deepEqual(vectors, [[0.1, 0.2], [0.4, 0.5]]);
  } finally {
    await server.close();
  }
});

Deno.test("openai embeddings reject an answer with the wrong number of vectors", async () => {
  const server = startReplayServer([{
    body: readFixture("openai", "embeddings_response.json"),
    contentType: "application/json",
  }]);
  try {
    const entry = { name: "embed", provider: "openai" as const, model: "m", base_url: server.url + "/v1" };
    const failure = await createOpenAiEmbeddingModel(entry, testDeps()).embed(["only one"]).catch((e) => e);
    assert.ok(failure instanceof ProviderError);
    assert.match(failure.message, /expected 1 embeddings, got 2/);
  } finally {
    await server.close();
  }
});

Deno.test("openai embeddings retry a 503 and make no call for an empty list", async () => {
  const fake = await startFakeLlm();
  try {
    const entry = {
      name: "embed",
      provider: "ollama" as const,
      model: "nomic-embed-text",
      base_url: fake.url,
    };
    const model = createOpenAiEmbeddingModel(entry, testDeps());
    assert.deepEqual(await model.embed([]), []);
    assert.equal(fake.requests.length, 0);
  } finally {
    await fake.close();
  }
  const server = startReplayServer([
    { status: 503, body: '{"error":{"message":"loading model"}}', contentType: "application/json" },
    { body: readFixture("openai", "embeddings_response.json"), contentType: "application/json" },
  ]);
  try {
    const entry = { name: "embed", provider: "ollama" as const, model: "m", base_url: server.url + "/v1" };
    const deps = testDeps();
    const vectors = await createOpenAiEmbeddingModel(entry, deps).embed(["a", "b"]);
    assert.equal(vectors.length, 2);
    assert.deepEqual(deps.sleeps, [500]);
  } finally {
    await server.close();
  }
});
