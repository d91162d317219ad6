/** Keeps the FTS5 memory index in line with the files: re-chunks only files whose stat or hash changed. */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../clock.ts";
import { chunkMarkdown } from "./markdown_chunks.ts";
import { listSourceFiles, type SourceFile, statRegularFile } from "./memory_sources.ts";
import { sha256Hex } from "./hash.ts";
import type { MemoryLog, SyncReport } from "./types.ts";

/** Larger files are left out of the index (they still count as memory files for reading). */
export const MAX_INDEXED_FILE_BYTES = 32 * 1024 * 1024;

/**
 * A file modified within this window of its indexing may have been edited again in the same mtime tick
 * with the same size ("racily clean", as git calls it): such files are compared by hash.
 */
const RACY_WINDOW_MS = 2000;

interface IndexedFile {
  path: string;
  mtime_ms: number;
  size: number;
  hash: string;
  indexed_at: number;
}

export interface MemoryIndex {
  sync(): Promise<SyncReport>;
  reindexAll(): Promise<SyncReport>;
  /** Indexes one file now (after a tool write), whatever its recorded state. */
  indexFile(path: string): Promise<void>;
}

export function createMemoryIndex(options: {
  workspace: string;
  db: DatabaseSync;
  clock: Clock;
  log: MemoryLog;
}): MemoryIndex {
  const { workspace, db, clock, log } = options;
  const skipped = new Set<string>();
  const onSkip = (path: string, reason: string) => {
    if (skipped.has(path)) return;
    skipped.add(path);
    log("warn", "memory_file_skipped", `Memory index skips "${path}": ${reason}`, { path });
  };
  const selectState = db.prepare("SELECT path, mtime_ms, size, hash, indexed_at FROM memory_files");
  const touchState = db.prepare(
    "UPDATE memory_files SET mtime_ms = ?, size = ?, indexed_at = ? WHERE path = ?",
  );

  async function run(force: boolean): Promise<SyncReport> {
    const report: SyncReport = { reindexed: [], removed: [] };
    const sources = await listSourceFiles(workspace, onSkip);
    const known = new Map((selectState.all() as unknown as IndexedFile[]).map((row) => [row.path, row]));
    for (const source of sources) {
      const state = known.get(source.path);
      known.delete(source.path);
      if (await refresh(source, state, force)) report.reindexed.push(source.path);
    }
    for (const gone of known.keys()) {
      writeChunks(db, gone, null, clock.now());
      report.removed.push(gone);
    }
    return report;
  }

  /** Returns true when the file's chunks were rebuilt. */
  async function refresh(source: SourceFile, state: IndexedFile | undefined, force: boolean) {
    const statEqual = state !== undefined && state.mtime_ms === source.mtimeMs && state.size === source.size;
    if (statEqual && !force && state.indexed_at - source.mtimeMs >= RACY_WINDOW_MS) return false;
    if (source.size > MAX_INDEXED_FILE_BYTES) {
      onSkip(source.path, `larger than ${MAX_INDEXED_FILE_BYTES} bytes`);
      if (state) writeChunks(db, source.path, null, clock.now());
      return false;
    }
    const text = await readText(source);
    if (text === null) return false;
    const hash = await sha256Hex(text);
    if (state && state.hash === hash && !force) {
      touchState.run(source.mtimeMs, source.size, clock.now(), source.path);
      return false;
    }
    const chunks = await Promise.all(
      chunkMarkdown(text).map(async (chunk) => ({
        ...chunk,
        hash: await sha256Hex(`${chunk.section}\n${chunk.content}`),
      })),
    );
    writeChunks(db, source.path, { source, hash, chunks }, clock.now());
    return true;
  }

  async function readText(source: SourceFile): Promise<string | null> {
    try {
      return await Deno.readTextFile(source.absolute);
    } catch (error) {
      onSkip(source.path, String(error));
      return null;
    }
  }

  return {
    sync: () => run(false),
    reindexAll: () => run(true),
    async indexFile(path) {
      const source = await statRegularFile(workspace, path, onSkip);
      if (source) await refresh(source, undefined, true);
      else writeChunks(db, path, null, clock.now());
    },
  };
}

interface FileContent {
  source: SourceFile;
  hash: string;
  chunks: { section: string; content: string; hash: string }[];
}

/** Replaces a file's rows in one transaction (no await inside, so nothing else interleaves). */
function writeChunks(db: DatabaseSync, path: string, file: FileContent | null, now: number): void {
  db.exec("BEGIN");
  try {
    db.prepare("DELETE FROM memory_fts WHERE rowid IN (SELECT id FROM memory_chunks WHERE path = ?)").run(
      path,
    );
    db.prepare("DELETE FROM memory_chunks WHERE path = ?").run(path);
    db.prepare("DELETE FROM memory_files WHERE path = ?").run(path);
    if (file) {
      const insertChunk = db.prepare(
        "INSERT INTO memory_chunks (path, section, ordinal, content_hash) VALUES (?, ?, ?, ?)",
      );
      const insertText = db.prepare("INSERT INTO memory_fts (rowid, section, content) VALUES (?, ?, ?)");
      file.chunks.forEach((chunk, ordinal) => {
        const { lastInsertRowid } = insertChunk.run(path, chunk.section, ordinal, chunk.hash);
        insertText.run(lastInsertRowid, chunk.section, chunk.content);
      });
      db.prepare("INSERT INTO memory_files (path, mtime_ms, size, hash, indexed_at) VALUES (?, ?, ?, ?, ?)")
        .run(path, file.source.mtimeMs, file.source.size, file.hash, now);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
