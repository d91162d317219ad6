/** Gemini embeddings through batchEmbedContents against a recorded answer. */

import assert from "node:assert/strict";
import { createGoogleEmbeddingModel } from "../../../src/providers/google/google_embedding_model.ts";
import { testDeps } from "../support/collect.ts";
import { readFixture, startReplayServer } from "../support/replay_server.ts";

Deno.test("google embeddings post batchEmbedContents and return the values", async () => {
  const server = startReplayServer([{
    body: readFixture("google", "batch_embed_response.json"),
    contentType: "application/json",
  }]);
  try {
    const entry = {
      name: "embed",
      provider: "google" as const,
      model: "gemini-embedding-001",
      base_url: server.url + "/v1beta",
    };
    const vectors = await createGoogleEmbeddingModel(entry, testDeps({ GEMINI_API_KEY: "g" })).embed([
      "one",
      "two",
    ]);
    assert.deepEqual(vectors, [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]);
    const sent = server.requests[0];
    assert.equal(sent.url, "/v1beta/models/gemini-embedding-001:batchEmbedContents");
    assert.equal(sent.headers.get("x-goog-api-key"), "g");
    assert.deepEqual(sent.body, {
      requests: [
        { model: "models/gemini-embedding-001", content: { parts: [{ text: "one" }] } },
        { model: "models/gemini-embedding-001", content: { parts: [{ text: "two" }] } },
      ],
    });
  } finally {
    await server.close();
  }
});
