/** Chunk vectors in SQLite, keyed by chunk content hash and model, so only changed chunks are re-embedded. */
import type { DatabaseSync } from "node:sqlite";
import type { EmbeddingModel } from "../providers/types.ts";

export interface ChunkVector {
  id: number;
  vector: Float32Array;
}

export interface EmbeddingStore {
  /** Embeds up to `maxChunks` chunks that have no vector yet; throws whatever the embedder throws. */
  fillMissing(maxChunks: number): Promise<number>;
  /** Vectors of the chunks currently indexed. */
  vectors(): ChunkVector[];
  embedQuery(text: string): Promise<Float32Array>;
  /** Drops vectors of chunk contents that no longer exist. */
  prune(): void;
}

const BATCH_SIZE = 32;
/** Embedding inputs are cut here: well under the 8k-token limit of common models. */
const MAX_INPUT_CHARS = 8000;

export function createEmbeddingStore(db: DatabaseSync, embedder: EmbeddingModel): EmbeddingStore {
  const missing = db.prepare(`
    SELECT c.content_hash AS hash, MIN(c.section) AS section, MIN(f.content) AS content
    FROM memory_chunks AS c
    JOIN memory_fts AS f ON f.rowid = c.id
    LEFT JOIN memory_embeddings AS e ON e.content_hash = c.content_hash AND e.model = ?
    WHERE e.content_hash IS NULL
    GROUP BY c.content_hash ORDER BY MIN(c.id) LIMIT ?`);
  const insert = db.prepare(
    "INSERT OR REPLACE INTO memory_embeddings (content_hash, model, dims, vector) VALUES (?, ?, ?, ?)",
  );
  const select = db.prepare(`
    SELECT c.id AS id, e.vector AS vector FROM memory_chunks AS c
    JOIN memory_embeddings AS e ON e.content_hash = c.content_hash AND e.model = ?`);

  async function embed(texts: string[]): Promise<Float32Array[]> {
    const vectors = await embedder.embed(texts.map((text) => text.slice(0, MAX_INPUT_CHARS)));
    return validateVectors(vectors, texts.length);
  }

  return {
    async fillMissing(maxChunks) {
      const rows = missing.all(embedder.model, maxChunks) as {
        hash: string;
        section: string;
        content: string;
      }[];
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        const batch = rows.slice(start, start + BATCH_SIZE);
        const vectors = await embed(batch.map((row) => embeddingInput(row.section, row.content)));
        batch.forEach((row, index) => {
          const vector = vectors[index];
          insert.run(row.hash, embedder.model, vector.length, new Uint8Array(vector.buffer));
        });
      }
      return rows.length;
    },
    vectors() {
      return (select.all(embedder.model) as { id: number; vector: Uint8Array }[]).map((row) => ({
        id: row.id,
        vector: new Float32Array(row.vector.slice().buffer),
      }));
    },
    async embedQuery(text) {
      return (await embed([text]))[0];
    },
    prune() {
      db.prepare(
        "DELETE FROM memory_embeddings WHERE content_hash NOT IN (SELECT content_hash FROM memory_chunks)",
      )
        .run();
    },
  };
}

function embeddingInput(section: string, content: string): string {
  return section === "" ? content : `${section}\n\n${content}`;
}

/** Embedders are outside input: a wrong count, ragged or non-numeric vectors are errors, not data. */
function validateVectors(vectors: unknown, count: number): Float32Array[] {
  if (!Array.isArray(vectors) || vectors.length !== count) {
    throw new Error(
      `Embedder returned ${Array.isArray(vectors) ? vectors.length : "no"} vectors for ${count} texts`,
    );
  }
  const dims = Array.isArray(vectors[0]) ? vectors[0].length : 0;
  return vectors.map((vector) => {
    if (!Array.isArray(vector) || vector.length !== dims || dims === 0) {
      throw new Error("Embedder returned vectors of unequal or zero length");
    }
    if (!vector.every((value) => typeof value === "number" && Number.isFinite(value))) {
      throw new Error("Embedder returned a vector with a non-numeric value");
    }
    return Float32Array.from(vector);
  });
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index] * b[index];
    normA += a[index] * a[index];
    normB += b[index] * b[index];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
