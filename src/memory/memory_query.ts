/** Runs FTS5 queries on the memory index: bm25-ranked hits with `**term**` snippets. */
import type { DatabaseSync } from "node:sqlite";
import { ftsExpression, type FtsQuery } from "../lib/fts_query.ts";

export interface FtsHit {
  id: number;
  path: string;
  section: string;
  snippet: string;
  /** bm25 score, or minus the rowid for a broad query's newest-first list: lower is better. */
  rank: number;
}

export interface ChunkText {
  id: number;
  path: string;
  section: string;
  content: string;
}

/** Markdown bold: readable as plain text, rendered by Markdown UIs, and never HTML (no injection). */
const HIGHLIGHT_OPEN = "**";
const HIGHLIGHT_CLOSE = "**";
const SNIPPET_TOKENS = 24;
/**
 * bm25 scores every match, so a word found in 100k chunks costs ~150 ms to rank. A query matching more
 * chunks than this is too broad for bm25 to say much anyway: it lists the newest matching chunks instead
 * (rowids grow, and re-indexed chunks get new ones, so newest means most recently written).
 */
const MAX_RANKED_MATCHES = 1000;
/** Heading words count double: a hit in "Projects > Parapet" says more than one in passing text. */
const RANK_FUNCTION = "bm25(2.0, 1.0)";

export interface MemoryQuery {
  /** Best `limit` hits: all terms first, then any term. */
  search(query: FtsQuery, limit: number): FtsHit[];
  chunk(id: number): ChunkText | null;
}

const SNIPPET =
  `snippet(memory_fts, 1, '${HIGHLIGHT_OPEN}', '${HIGHLIGHT_CLOSE}', '\u2026', ${SNIPPET_TOKENS})`;

export function createMemoryQuery(db: DatabaseSync): MemoryQuery {
  // ORDER BY rank and ORDER BY rowid are consumed by FTS5, so LIMIT stops early: snippets only for hits.
  const withChunk = (inner: string) =>
    db.prepare(`
      SELECT c.id AS id, c.path AS path, c.section AS section, h.snippet AS snippet, h.rank AS rank
      FROM (${inner}) AS h JOIN memory_chunks AS c ON c.id = h.id ORDER BY h.rank`);
  const ranked = withChunk(`
    SELECT rowid AS id, rank, ${SNIPPET} AS snippet
    FROM memory_fts WHERE memory_fts MATCH ? AND rank MATCH '${RANK_FUNCTION}' ORDER BY rank LIMIT ?`);
  const newest = withChunk(`
    SELECT rowid AS id, -rowid AS rank, ${SNIPPET} AS snippet
    FROM memory_fts WHERE memory_fts MATCH ? ORDER BY rowid DESC LIMIT ?`);
  const broad = db.prepare(
    `SELECT 1 FROM memory_fts WHERE memory_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ${
      MAX_RANKED_MATCHES - 1
    }`,
  );
  const chunkById = db.prepare(`
    SELECT c.id AS id, c.path AS path, c.section AS section, f.content AS content
    FROM memory_chunks AS c JOIN memory_fts AS f ON f.rowid = c.id WHERE c.id = ?`);
  const isBroad = (expression: string) => broad.get(expression) !== undefined;

  const newestHits = (expression: string, limit: number) =>
    newest.all(expression, limit) as unknown as FtsHit[];
  const rankedHits = (expression: string, limit: number) =>
    ranked.all(expression, limit) as unknown as FtsHit[];

  /**
   * Whole words are ranked by bm25. Completions of a trailing partial word (`word*`) only fill the
   * places left, newest first: a prefix can expand to many common words, and ranking that expansion
   * (a doclist merge plus a bm25 pass over every match) is the slowest thing a search can do.
   */
  function run(query: FtsQuery, mode: "all" | "any", limit: number): FtsHit[] {
    const exact = ftsExpression(query, mode, false);
    const hits = isBroad(exact) ? newestHits(exact, limit) : rankedHits(exact, limit);
    if (!query.prefixLast || hits.length >= limit) return hits;
    const seen = new Set(hits.map((hit) => hit.id));
    const completions = newestHits(ftsExpression(query, mode, true), limit).filter((hit) =>
      !seen.has(hit.id)
    );
    return [...hits, ...completions].slice(0, limit);
  }

  return {
    search(query, limit) {
      const hits = run(query, "all", limit);
      if (hits.length > 0 || query.terms.length === 1) return hits;
      return run(query, "any", limit);
    },
    chunk(id) {
      return (chunkById.get(id) as unknown as ChunkText | undefined) ?? null;
    },
  };
}

/** A snippet for a hit found by meaning only (no term to highlight): the chunk's opening words. */
export function leadingSnippet(content: string, maxChars = 160): string {
  const flat = content.replace(/\s+/g, " ").trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.lastIndexOf(" ", maxChars);
  return `${flat.slice(0, cut > maxChars / 2 ? cut : maxChars)}\u2026`;
}
