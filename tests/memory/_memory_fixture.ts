/** Shared test fixture: a temp workspace, a fresh SQLite database with the memory schema, a fake clock. */
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../src/lib/clock.ts";
import { memorySchemaSql } from "../../src/store/memory_schema.ts";
import { createMemoryService, type MemoryServiceOptions } from "../../src/memory/memory_service.ts";
import type { LogLevel, MemoryService } from "../../src/memory/types.ts";

export interface LogEntry {
  level: LogLevel;
  event: string;
  message: string;
  fields?: Record<string, unknown>;
}

export interface MemoryFixture extends AsyncDisposable {
  workspace: string;
  db: DatabaseSync;
  clock: Clock & { advance(ms: number): void };
  logs: LogEntry[];
  memory: MemoryService;
  write(path: string, text: string): Promise<void>;
  read(path: string): Promise<string>;
  /** Number of FTS rows for a path (proves stale rows are gone, not just unranked). */
  chunkCount(path?: string): number;
}

export function openMemoryDb(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(memorySchemaSql);
  return db;
}

export async function memoryFixture(
  files: Record<string, string> = {},
  options: Partial<Omit<MemoryServiceOptions, "workspace" | "db" | "log">> = {},
): Promise<MemoryFixture> {
  const workspace = await Deno.makeTempDir({ prefix: "parapet_memory_" });
  let now = Date.UTC(2025, 0, 1);
  const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
  const logs: LogEntry[] = [];
  const db = openMemoryDb();
  const write = async (path: string, text: string) => {
    const slash = path.lastIndexOf("/");
    if (slash > 0) await Deno.mkdir(`${workspace}/${path.slice(0, slash)}`, { recursive: true });
    await Deno.writeTextFile(`${workspace}/${path}`, text);
  };
  for (const [path, text] of Object.entries(files)) await write(path, text);
  const memory = createMemoryService({
    workspace,
    db,
    clock: options.clock ?? clock,
    log: (level, event, message, fields) => logs.push({ level, event, message, fields }),
    embedder: options.embedder,
    syncIntervalMs: options.syncIntervalMs,
  });
  return {
    workspace,
    db,
    clock,
    logs,
    memory,
    write,
    read: (path) => Deno.readTextFile(`${workspace}/${path}`),
    chunkCount(path) {
      const sql = path === undefined
        ? "SELECT count(*) AS n FROM memory_chunks"
        : "SELECT count(*) AS n FROM memory_chunks WHERE path = ?";
      const row = (path === undefined ? db.prepare(sql).get() : db.prepare(sql).get(path)) as { n: number };
      const fts = db.prepare("SELECT count(*) AS n FROM memory_fts").get() as { n: number };
      if (path === undefined && fts.n !== row.n) throw new Error(`FTS has ${fts.n} rows for ${row.n} chunks`);
      return row.n;
    },
    async [Symbol.asyncDispose]() {
      memory.close();
      db.close();
      await Deno.remove(workspace, { recursive: true });
    },
  };
}
