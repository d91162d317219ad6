/** Writes one file's chunks to the index, touching only the chunks whose text changed. */
import type { DatabaseSync } from "node:sqlite";
import type { SourceFile } from "./memory_sources.ts";

export interface HashedChunk {
  section: string;
  content: string;
  /** SHA-256 of section and content: equal hash, equal FTS row. */
  hash: string;
}

export interface FileContent {
  source: SourceFile;
  hash: string;
  chunks: HashedChunk[];
}

interface StoredChunk {
  id: number;
  ordinal: number;
  content_hash: string;
}

/**
 * One transaction with no await inside, so nothing else interleaves. `file` null drops the file.
 * Unchanged chunks keep their rows (and rowids, which order "newest" hits), so a hand edit of one
 * section in a 10 MB file rewrites one FTS row, not thousands. `rebuild` replaces every row (repair).
 */
export function writeChunks(
  db: DatabaseSync,
  path: string,
  file: FileContent | null,
  now: number,
  rebuild = false,
): void {
  db.exec("BEGIN");
  try {
    const stored = db.prepare(
      "SELECT id, ordinal, content_hash FROM memory_chunks WHERE path = ? ORDER BY id",
    )
      .all(path) as unknown as StoredChunk[];
    const reusable = new Map<string, StoredChunk[]>();
    if (!rebuild) {
      for (const chunk of stored) {
        reusable.set(chunk.content_hash, [...reusable.get(chunk.content_hash) ?? [], chunk]);
      }
    }
    const kept = new Set<number>();
    const setOrdinal = db.prepare("UPDATE memory_chunks SET ordinal = ? WHERE id = ?");
    const insertChunk = db.prepare(
      "INSERT INTO memory_chunks (path, section, ordinal, content_hash) VALUES (?, ?, ?, ?)",
    );
    const insertText = db.prepare("INSERT INTO memory_fts (rowid, section, content) VALUES (?, ?, ?)");
    const added: { ordinal: number; chunk: HashedChunk }[] = [];
    (file?.chunks ?? []).forEach((chunk, ordinal) => {
      const match = reusable.get(chunk.hash)?.shift();
      if (!match) {
        added.push({ ordinal, chunk });
      } else {
        kept.add(match.id);
        if (match.ordinal !== ordinal) setOrdinal.run(ordinal, match.id);
      }
    });
    const deleteText = db.prepare("DELETE FROM memory_fts WHERE rowid = ?");
    const deleteChunk = db.prepare("DELETE FROM memory_chunks WHERE id = ?");
    for (const chunk of stored) {
      if (kept.has(chunk.id)) continue;
      deleteText.run(BigInt(chunk.id));
      deleteChunk.run(chunk.id);
    }
    for (const { ordinal, chunk } of added) {
      const { lastInsertRowid } = insertChunk.run(path, chunk.section, ordinal, chunk.hash);
      insertText.run(lastInsertRowid, chunk.section, chunk.content);
    }
    db.prepare("DELETE FROM memory_files WHERE path = ?").run(path);
    if (file) {
      db.prepare("INSERT INTO memory_files (path, mtime_ms, size, hash, indexed_at) VALUES (?, ?, ?, ?, ?)")
        .run(path, file.source.mtimeMs, file.source.size, file.hash, now);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
