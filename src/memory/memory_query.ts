/** Runs FTS5 queries on the memory index: bm25-ranked hits with `**term**` snippets. */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { FtsQuery } from "./fts_query.ts";

export interface FtsHit {
  id: number;
  path: string;
  section: string;
  snippet: string;
  /** bm25 score: lower (more negative) is better. */
  rank: number;
}

export interface ChunkText {
  id: number;
  path: string;
  section: string;
  content: string;
}

/** Markdown bold: readable as plain text, rendered by Markdown UIs, and never HTML (no injection). */
export const HIGHLIGHT_OPEN = "**";
export const HIGHLIGHT_CLOSE = "**";
const SNIPPET_TOKENS = 24;
/** Heading words count double: a hit in "Projects > Parapet" says more than one in passing text. */
const RANK_FUNCTION = "bm25(2.0, 1.0)";

export interface MemoryQuery {
  /** Tries all terms first, then any term; best `limit` hits. */
  search(query: FtsQuery, limit: number): FtsHit[];
  chunk(id: number): ChunkText | null;
}

export function createMemoryQuery(db: DatabaseSync): MemoryQuery {
  // ORDER BY rank is consumed by FTS5 itself, so LIMIT stops early and snippets are built for hits only.
  const match = db.prepare(`
    SELECT c.id AS id, c.path AS path, c.section AS section, h.snippet AS snippet, h.rank AS rank
    FROM (
      SELECT rowid AS id, rank,
        snippet(memory_fts, 1, '${HIGHLIGHT_OPEN}', '${HIGHLIGHT_CLOSE}', '…', ${SNIPPET_TOKENS}) AS snippet
      FROM memory_fts WHERE memory_fts MATCH ? AND rank MATCH '${RANK_FUNCTION}'
      ORDER BY rank LIMIT ?
    ) AS h
    JOIN memory_chunks AS c ON c.id = h.id
    ORDER BY h.rank`);
  const chunkById = db.prepare(`
    SELECT c.id AS id, c.path AS path, c.section AS section, f.content AS content
    FROM memory_chunks AS c JOIN memory_fts AS f ON f.rowid = c.id WHERE c.id = ?`);
  const run = (statement: StatementSync, expression: string, limit: number) =>
    statement.all(expression, limit) as unknown as FtsHit[];
  return {
    search(query, limit) {
      const hits = run(match, query.all, limit);
      if (hits.length > 0 || query.any === null) return hits;
      return run(match, query.any, limit);
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
  return `${flat.slice(0, cut > maxChars / 2 ? cut : maxChars)}…`;
}
