/** The memory service: search, read and write of workspace memory files, with the index kept in sync. */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../lib/clock.ts";
import { ValidationError } from "../lib/errors.ts";
import type { EmbeddingModel } from "../providers/types.ts";
import { writeAtomically } from "../lib/atomic_write.ts";
import { createHybridSearch } from "./hybrid_search.ts";
import { isMemoryFile } from "./memory_files.ts";
import { createMemoryIndex } from "./memory_index.ts";
import { createMemoryQuery, type FtsHit } from "./memory_query.ts";
import { statRegularFile } from "./memory_sources.ts";
import { checkFileSize, validateWriteRequest } from "./write_request.ts";
import { buildFtsQuery } from "../lib/fts_query.ts";
import { promptCache } from "./prompt_cache.ts";
import { editSection } from "./section_edit.ts";
import type { MemoryLog, MemorySearchResult, MemoryService } from "./types.ts";

const MAX_SEARCH_RESULTS = 10;

export interface MemoryServiceOptions {
  /** Absolute path of the agent workspace. */
  workspace: string;
  /** engine.db, with memorySchemaSql applied. The service never closes it. */
  db: DatabaseSync;
  clock: Clock;
  /** Turns on hybrid (bm25 + cosine) ranking. */
  embedder?: EmbeddingModel;
  log?: MemoryLog;
  /** Also sync on a timer (unref'd), e.g. 60000; off when absent or 0. Searches always sync first. */
  syncIntervalMs?: number;
}

export function createMemoryService(options: MemoryServiceOptions): MemoryService {
  const workspace = options.workspace.length > 1 ? options.workspace.replace(/\/+$/, "") : options.workspace;
  const { db, clock } = options;
  const log: MemoryLog = options.log ?? (() => {});
  const index = createMemoryIndex({ workspace, db, clock, log });
  const query = createMemoryQuery(db);
  const prompt = promptCache(workspace, db);
  const hybrid = options.embedder
    ? createHybridSearch({ db, embedder: options.embedder, clock, log, query })
    : null;
  const serialize = createSerializer();

  const syncNow = async () => {
    const report = await index.sync();
    if (report.reindexed.length > 0 || report.removed.length > 0) hybrid?.markChanged();
    await hybrid?.fill();
    return report;
  };
  const timer = options.syncIntervalMs
    ? setInterval(() => {
      serialize(syncNow).catch((error) =>
        log("error", "memory_sync_failed", "Memory sync failed", { error: String(error) })
      );
    }, options.syncIntervalMs)
    : undefined;
  if (timer !== undefined) Deno.unrefTimer(timer);

  const toResult = (hit: FtsHit): MemorySearchResult => ({
    path: hit.path,
    section: hit.section,
    snippet: hit.snippet,
  });

  return {
    async search(text, limit = MAX_SEARCH_RESULTS) {
      if (typeof text !== "string" || text.trim() === "") {
        throw new ValidationError('Query "q" must not be empty');
      }
      const count = Math.max(
        1,
        Math.min(MAX_SEARCH_RESULTS, Math.floor(Number(limit)) || MAX_SEARCH_RESULTS),
      );
      await serialize(syncNow);
      const fts = buildFtsQuery(text);
      if (fts === null) return [];
      if (hybrid === null) return query.search(fts, count).map(toResult);
      return await hybrid.search(text, query.search(fts, hybrid.candidateCount), count);
    },

    async readFile(type) {
      if (typeof type !== "string" || !isMemoryFile(type)) return null;
      const source = statRegularFile(workspace, type, () => {});
      if (source === null) return null;
      try {
        return { type, content: await Deno.readTextFile(source.absolute) };
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
    },

    async write(request) {
      const { file, section, content, mode } = validateWriteRequest(request);
      return await serialize(async () => {
        const existing = await readWritable(workspace, file);
        const edit = editSection(existing, section, content, mode);
        checkFileSize(file, edit.text);
        await writeAtomically(`${workspace}/${file}`, edit.text);
        db.prepare(
          "INSERT OR REPLACE INTO memory_section_activity (path, section, touched_at) VALUES (?, ?, ?)",
        )
          .run(file, edit.section, clock.now());
        prompt.touched();
        await index.indexFile(file);
        hybrid?.markChanged();
        // No section or content in logs: memory may hold personal details.
        log("info", "memory_written", `Memory file "${file}" written`, {
          path: file,
          mode,
          created: edit.created,
        });
        return { path: file, section: edit.section, created: edit.created };
      });
    },

    promptContext: (tokenBudget) => prompt.text(tokenBudget),

    sync: () => serialize(syncNow),
    reindexAll: () =>
      serialize(async () => {
        const report = await index.reindexAll();
        hybrid?.markChanged();
        await hybrid?.fill();
        return report;
      }),
    close() {
      if (timer !== undefined) clearInterval(timer);
    },
  };
}

/** Runs tasks one at a time, so a sync and a write never interleave their file reads and index updates. */
function createSerializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => {});
    return result;
  };
}

async function readWritable(workspace: string, file: string): Promise<string> {
  let reason = "";
  const source = statRegularFile(workspace, file, (_, why) => reason = why);
  if (source === null && reason !== "") throw new ValidationError(`Cannot write "${file}": ${reason}`);
  return source === null ? "" : await Deno.readTextFile(source.absolute);
}
