/** SQL of the memory index; the engine applies it as one versioned migration of engine.db. */

/**
 * - memory_files: what was indexed per file (stat and hash), so a sync re-reads only changed files.
 * - memory_chunks: one row per Markdown section (or part of a long one); `id` is the FTS rowid.
 * - memory_fts: the full-text index (porter stemming, prefix indexes for 2 and 3 characters).
 * - memory_embeddings: optional vectors (Float32Array bytes) keyed by chunk content hash and model.
 * - memory_section_activity: when `memory_write` last touched a section (recency for the prompt).
 * No triggers, so the statements can be run one by one or in a single exec.
 */
export const memorySchemaSql = `
CREATE TABLE IF NOT EXISTS memory_files (
  path TEXT PRIMARY KEY,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL,
  hash TEXT NOT NULL,
  indexed_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS memory_chunks (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  section TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  content_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS memory_chunks_path ON memory_chunks (path);
CREATE INDEX IF NOT EXISTS memory_chunks_hash ON memory_chunks (content_hash);
CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts USING fts5 (
  section,
  content,
  tokenize = 'porter unicode61',
  prefix = '2 3'
);
CREATE TABLE IF NOT EXISTS memory_embeddings (
  content_hash TEXT NOT NULL,
  model TEXT NOT NULL,
  dims INTEGER NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (content_hash, model)
);
CREATE TABLE IF NOT EXISTS memory_section_activity (
  path TEXT NOT NULL,
  section TEXT NOT NULL,
  touched_at INTEGER NOT NULL,
  PRIMARY KEY (path, section)
);
`;
