/** Hybrid memory search: FTS5 candidates plus nearest vectors (RRF), falling back to FTS5 when the embedder fails. */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../lib/clock.ts";
import type { EmbeddingModel } from "../providers/types.ts";
import { cosine, createEmbeddingStore } from "./embedding_store.ts";
import { fuseHits, type SemanticHit, topSemantic } from "./hybrid_rank.ts";
import { type FtsHit, leadingSnippet, type MemoryQuery } from "./memory_query.ts";
import type { MemoryLog, MemorySearchResult } from "./types.ts";

/** After a failure, searches use FTS5 alone for this long instead of waiting on a broken embedder. */
export const EMBEDDING_RETRY_MS = 60_000;
const LEXICAL_CANDIDATES = 50;
const SEMANTIC_CANDIDATES = 20;
/** Bounds the embedding work one search may wait for; the rest is done by later syncs. */
const MAX_CHUNKS_PER_FILL = 256;

export interface HybridSearch {
  readonly candidateCount: number;
  /** Chunks changed: embed the new ones at the next fill. */
  markChanged(): void;
  /** Embeds chunks without a vector; failures are logged and retried later, never thrown. */
  fill(): Promise<void>;
  /** Fuses the FTS5 hits of `text` (best first, up to candidateCount) with its nearest chunks. */
  search(text: string, lexical: FtsHit[], limit: number): Promise<MemorySearchResult[]>;
}

export function createHybridSearch(options: {
  db: DatabaseSync;
  embedder: EmbeddingModel;
  clock: Clock;
  log: MemoryLog;
  query: MemoryQuery;
}): HybridSearch {
  const { clock, log, embedder, query } = options;
  const store = createEmbeddingStore(options.db, embedder);
  let pending = true;
  let retryAt = 0;
  const available = () => clock.now() >= retryAt;

  function fail(stage: string, error: unknown) {
    retryAt = clock.now() + EMBEDDING_RETRY_MS;
    log(
      "warn",
      "memory_embedding_failed",
      `Memory embeddings unavailable, using full-text search: ${stage}`,
      {
        model: embedder.model,
        error: error instanceof Error ? error.message : String(error),
      },
    );
  }

  const ftsOnly = (lexical: FtsHit[], limit: number) =>
    lexical.slice(0, limit).map(({ path, section, snippet }) => ({ path, section, snippet }));

  return {
    candidateCount: LEXICAL_CANDIDATES,
    markChanged() {
      pending = true;
    },
    async fill() {
      if (!pending || !available()) return;
      try {
        const filled = await store.fillMissing(MAX_CHUNKS_PER_FILL);
        if (filled < MAX_CHUNKS_PER_FILL) pending = false;
        store.prune();
      } catch (error) {
        fail("embedding chunks", error);
      }
    },
    async search(text, lexical, limit) {
      if (!available()) return ftsOnly(lexical, limit);
      let queryVector: Float32Array;
      try {
        queryVector = await store.embedQuery(text);
      } catch (error) {
        fail("embedding the query", error);
        return ftsOnly(lexical, limit);
      }
      const similarities: SemanticHit[] = store.vectors().map(({ id, vector }) => ({
        id,
        similarity: cosine(queryVector, vector),
      }));
      const lexicalIds = new Set(lexical.map((hit) => hit.id));
      const semantic = [
        ...similarities.filter((hit) => lexicalIds.has(hit.id)),
        ...topSemantic(similarities.filter((hit) => !lexicalIds.has(hit.id)), SEMANTIC_CANDIDATES),
      ];
      const byId = new Map(lexical.map((hit) => [hit.id, hit]));
      return fuseHits(lexical.map((hit) => hit.id), semantic, limit).flatMap(({ id }) => {
        const hit = byId.get(id);
        if (hit) return [{ path: hit.path, section: hit.section, snippet: hit.snippet }];
        const chunk = query.chunk(id);
        return chunk
          ? [{ path: chunk.path, section: chunk.section, snippet: leadingSnippet(chunk.content) }]
          : [];
      });
    },
  };
}
