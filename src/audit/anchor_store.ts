/** The audit anchor's row in engine.db, for the writer (read-write) and for `audit verify` (read-only). */
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../lib/clock.ts";
import type { AnchorRecord, AnchorStore } from "./audit_anchor.ts";
import type { Database } from "../store/database.ts";

export class SqliteAnchorStore implements AnchorStore {
  readonly #select;
  readonly #upsert;

  /** `path` is the database file: its `-wal` file is synced before the audit log is written. */
  constructor(db: Database, private readonly path: string, private readonly clock: Clock) {
    this.#select = db.prepare("SELECT state, signature FROM audit_anchor WHERE id = 1");
    this.#upsert = db.prepare(
      `INSERT INTO audit_anchor (id, state, signature, updated_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, signature = excluded.signature,
         updated_at = excluded.updated_at`,
    );
  }

  read(): AnchorRecord | undefined {
    return this.#select.get() as AnchorRecord | undefined;
  }

  write(record: AnchorRecord): void {
    this.#upsert.run(record.state, record.signature, this.clock.now());
  }

  /**
   * The database commits with synchronous=NORMAL (no fsync); syncing its WAL here, off the event loop and
   * alongside the log's own fsync, makes the anchor as durable as the entries it covers.
   */
  async sync(): Promise<void> {
    let wal: Deno.FsFile;
    try {
      wal = await Deno.open(`${this.path}-wal`, { read: true });
    } catch (error) {
      // Not in WAL mode: the commit itself was synchronous.
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    using _wal = wal;
    await wal.syncData();
  }
}

/**
 * The anchor of the database at `path`, opened read-only (the engine may be running): undefined when there
 * is no database, no anchor table (an older engine) or no row.
 */
export function readAnchorReadOnly(path: string): AnchorRecord | undefined {
  let db: DatabaseSync;
  try {
    Deno.statSync(path);
    db = new DatabaseSync(path, { readOnly: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new Error(`Cannot read the audit anchor in "${path}": ${(error as Error).message}`);
  }
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_anchor'")
      .get();
    if (!table) return undefined;
    return db.prepare("SELECT state, signature FROM audit_anchor WHERE id = 1").get() as
      | AnchorRecord
      | undefined;
  } catch (error) {
    throw new Error(`Cannot read the audit anchor in "${path}": ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
