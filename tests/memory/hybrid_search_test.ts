import assert from "node:assert/strict";
import { createEmbeddingModel } from "../../src/providers/mod.ts";
import type { EmbeddingModel } from "../../src/providers/types.ts";
import { fuseHits, RRF_K } from "../../src/memory/hybrid_rank.ts";
import { EMBEDDING_RETRY_MS } from "../../src/memory/hybrid_search.ts";
import { DIMENSIONS, startEmbeddingServer } from "./_embedding_server.ts";
import { memoryFixture } from "./_memory_fixture.ts";

const notes =
  "# Memory\n\n## Cars\n\nThe sedan needs new tyres.\n\n## Garden\n\nThe tomatoes need water daily.\n";

function openAiEmbedder(baseUrl: string): EmbeddingModel {
  return createEmbeddingModel(
    { name: "embed", provider: "openai", model: "fake-embed", base_url: baseUrl },
    { fetch, env: () => undefined, sleep: () => Promise.resolve() },
  );
}

Deno.test("fuseHits adds reciprocal ranks of the full-text and similarity orders", () => {
  const fused = fuseHits(
    [1, 2, 4],
    [{ id: 2, similarity: 0.9 }, { id: 3, similarity: 0.95 }, { id: 1, similarity: 0.1 }, {
      id: 4,
      similarity: -1,
    }],
    10,
  );
  assert.deepEqual(fused.map((hit) => hit.id), [1, 2, 3, 4], "a top cosine hit outranks the last text hit");
  assert.equal(fused[1].score, 1 / (RRF_K + 2) + 1 / (RRF_K + 2));
  assert.equal(fused[3].score, 1 / (RRF_K + 3), "a negative similarity adds nothing");
  assert.deepEqual(fuseHits([7], [], 0), []);
});

Deno.test("hybrid memory search finds a section by meaning through a /v1/embeddings server", async () => {
  await using server = startEmbeddingServer();
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, {
    embedder: openAiEmbedder(server.baseUrl),
  });
  const results = await fixture.memory.search("automobile");
  assert.deepEqual(results[0], { path: "MEMORY.md", section: "Cars", snippet: "The sedan needs new tyres." });
  assert.equal((await fixture.memory.search("tomatoes"))[0].snippet, "The **tomatoes** need water daily.");
  assert.deepEqual(fixture.logs.filter((entry) => entry.level === "warn"), []);
});

Deno.test("hybrid memory search stores one float32 vector per chunk and embeds only changed chunks", async () => {
  await using server = startEmbeddingServer();
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, {
    embedder: openAiEmbedder(server.baseUrl),
  });
  await fixture.memory.search("sedan");
  assert.deepEqual(server.inputs, [
    "Cars\n\nThe sedan needs new tyres.",
    "Garden\n\nThe tomatoes need water daily.",
    "sedan",
  ]);
  const rows = fixture.db.prepare("SELECT model, dims, vector FROM memory_embeddings").all() as {
    model: string;
    dims: number;
    vector: Uint8Array;
  }[];
  assert.equal(rows.length, 2);
  assert.ok(rows.every((row) => row.model === "fake-embed" && row.dims === DIMENSIONS));
  assert.ok(rows.every((row) => row.vector.byteLength === DIMENSIONS * 4));

  await fixture.write("MEMORY.md", notes.replace("tomatoes", "greenhouse vegetables"));
  await fixture.memory.search("sedan");
  assert.deepEqual(server.inputs.slice(3), [
    "Garden\n\nThe greenhouse vegetables need water daily.",
    "sedan",
  ]);
  const count = fixture.db.prepare("SELECT count(*) AS n FROM memory_embeddings").get() as { n: number };
  assert.equal(count.n, 2, "the vector of the old Garden text is pruned");
});

Deno.test("hybrid memory search falls back to full-text search and warns when the embedder fails", async () => {
  await using server = startEmbeddingServer();
  server.failWith = 500;
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, {
    embedder: openAiEmbedder(server.baseUrl),
  });
  const results = await fixture.memory.search("tomatoes");
  assert.deepEqual(results, [{
    path: "MEMORY.md",
    section: "Garden",
    snippet: "The **tomatoes** need water daily.",
  }]);
  const warning = fixture.logs.find((entry) => entry.event === "memory_embedding_failed");
  assert.equal(warning?.level, "warn");
  assert.equal(warning?.fields?.model, "fake-embed");

  server.failWith = null;
  assert.deepEqual(await fixture.memory.search("automobile"), [], "no embedder calls while backing off");
  assert.deepEqual(server.inputs, []);
  fixture.clock.advance(EMBEDDING_RETRY_MS);
  assert.equal((await fixture.memory.search("automobile"))[0]?.section, "Cars");
});

Deno.test("hybrid memory search falls back when only the query embedding fails", async () => {
  let calls = 0;
  const embedder: EmbeddingModel = {
    model: "flaky",
    embed(texts) {
      calls++;
      if (calls > 1) return Promise.reject(new Error("quota exceeded"));
      return Promise.resolve(texts.map(() => [1, 0, 0]));
    },
  };
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, { embedder });
  assert.equal((await fixture.memory.search("sedan"))[0]?.section, "Cars");
  const warning = fixture.logs.find((entry) => entry.event === "memory_embedding_failed");
  assert.equal(warning?.fields?.error, "quota exceeded");
});

Deno.test("hybrid memory search treats malformed vectors as an embedder failure", async () => {
  const embedder: EmbeddingModel = {
    model: "broken",
    embed: (texts) => Promise.resolve(texts.map((_, i) => (i === 0 ? [1, 2] : [Number.NaN, 1]))),
  };
  await using fixture = await memoryFixture({ "MEMORY.md": notes }, { embedder });
  assert.equal((await fixture.memory.search("tyres"))[0]?.section, "Cars");
  assert.ok(fixture.logs.some((entry) => entry.event === "memory_embedding_failed"));
  const count = fixture.db.prepare("SELECT count(*) AS n FROM memory_embeddings").get() as { n: number };
  assert.equal(count.n, 0);
});
