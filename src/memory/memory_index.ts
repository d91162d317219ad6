/** Keeps the FTS5 memory index in line with the files: re-chunks only files whose stat or hash changed. */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../lib/clock.ts";
import { chunkMarkdown } from "./markdown_chunks.ts";
import { listSourceFiles, type SourceFile, statRegularFile } from "./memory_sources.ts";
import { sha256Hex } from "../lib/sha256.ts";
import { writeChunks } from "./chunk_writer.ts";
import type { MemoryLog, SyncReport } from "./types.ts";

/** Larger files are left out of the index (they still count as memory files for reading). */
const MAX_INDEXED_FILE_BYTES = 32 * 1024 * 1024;

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

  /** `rebuild` re-reads every file and replaces all its rows (repair); otherwise only changes count. */
  async function run(rebuild: boolean): Promise<SyncReport> {
    const report: SyncReport = { reindexed: [], removed: [] };
    const sources = listSourceFiles(workspace, onSkip);
    const known = new Map((selectState.all() as unknown as IndexedFile[]).map((row) => [row.path, row]));
    for (const source of sources) {
      const state = known.get(source.path);
      known.delete(source.path);
      if (await refresh(source, state, rebuild)) report.reindexed.push(source.path);
    }
    for (const gone of known.keys()) {
      writeChunks(db, gone, null, clock.now());
      report.removed.push(gone);
    }
    return report;
  }

  /** Returns true when the file's chunks were rewritten; `state` undefined means "read it regardless". */
  async function refresh(source: SourceFile, state: IndexedFile | undefined, rebuild: boolean) {
    const statEqual = state !== undefined && state.mtime_ms === source.mtimeMs && state.size === source.size;
    if (statEqual && !rebuild && state.indexed_at - source.mtimeMs >= RACY_WINDOW_MS) return false;
    if (source.size > MAX_INDEXED_FILE_BYTES) {
      onSkip(source.path, `larger than ${MAX_INDEXED_FILE_BYTES} bytes`);
      writeChunks(db, source.path, null, clock.now());
      return false;
    }
    const text = await readText(source);
    if (text === null) return false;
    const hash = sha256Hex(text);
    if (state && state.hash === hash && !rebuild) {
      touchState.run(source.mtimeMs, source.size, clock.now(), source.path);
      return false;
    }
    const chunks = chunkMarkdown(text).map((chunk) => ({
      ...chunk,
      hash: sha256Hex(`${chunk.section}\n${chunk.content}`),
    }));
    writeChunks(db, source.path, { source, hash, chunks }, clock.now(), rebuild);
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
      const source = statRegularFile(workspace, path, onSkip);
      if (source) await refresh(source, undefined, false);
      else writeChunks(db, path, null, clock.now());
    },
  };
}
