/** Opens the engine database (node:sqlite, WAL) and applies versioned migrations in order. */
import { DatabaseSync } from "node:sqlite";
import { MIGRATIONS } from "./migrations.ts";

export type Database = DatabaseSync;

export function openDatabase(path: string): Database {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  migrate(db);
  return db;
}

export function migrate(db: Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const row = db.prepare("SELECT max(version) AS version FROM schema_version").get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.exec("BEGIN");
    try {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(migration.version);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw new Error(
        `Migration ${migration.version} ("${migration.name}") failed: ${(error as Error).message}`,
      );
    }
  }
}

/** Flushes the WAL into the main file; called on clean shutdown. */
export function closeDatabase(db: Database): void {
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

const rollbackHooks = new WeakMap<Database, (() => void)[]>();

/** Runs `work` in one transaction. Inside another transaction it joins that one, which then commits or rolls
 * back everything together (a turn stores a whole round at once). `work` must not await: the connection's
 * transaction would take in whatever else ran meanwhile. */
export function transaction<T>(db: Database, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    for (const undo of rollbackHooks.get(db) ?? []) undo();
    throw error;
  } finally {
    rollbackHooks.delete(db);
  }
}

/** Undoes memory kept in step with a write (a cache) when the transaction holding the write rolls back. */
export function onRollback(db: Database, undo: () => void): void {
  if (!db.isTransaction) return;
  const hooks = rollbackHooks.get(db);
  if (hooks) hooks.push(undo);
  else rollbackHooks.set(db, [undo]);
}
