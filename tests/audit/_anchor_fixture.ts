/** Shared helpers for anchor tests: a temp folder with a real engine.db (migrated) and an anchored audit log. */
import { type AuditLog, openAuditLog } from "../../src/audit/audit_log.ts";
import type { AnchorRecord, AnchorStore } from "../../src/audit/audit_anchor.ts";
import { buildEntry, GENESIS_HASH, serializeEntry } from "../../src/audit/audit_entry.ts";
import { verifyAuditFile } from "../../src/audit/verify_audit.ts";
import { lockedSnapshot } from "../../src/audit/anchor_check.ts";
import { openDatabase } from "../../src/store/database.ts";
import { SqliteAnchorStore } from "../../src/audit/anchor_store.ts";
import { fixedClock } from "./_audit_fixture.ts";

export const KEY = new TextEncoder().encode("k".repeat(64));

export interface AnchoredDir {
  dir: string;
  path: string;
  dbPath: string;
  store: SqliteAnchorStore;
  /** Opens the log with the anchor; errors reported by the log are collected in `errors`. */
  open(options?: { key?: Uint8Array; adoptUnsigned?: boolean; store?: AnchorStore }): Promise<AuditLog>;
  errors: Error[];
  /** verifyAuditFile against the anchor, as GET /api/audit does. */
  verify(key?: Uint8Array): ReturnType<typeof verifyAuditFile>;
  cleanup(): Promise<void>;
}

export async function anchoredDir(): Promise<AnchoredDir> {
  const dir = await Deno.makeTempDir({ prefix: "parapet_anchor_" });
  const dbPath = `${dir}/engine.db`;
  const db = openDatabase(dbPath);
  const clock = fixedClock();
  const store = new SqliteAnchorStore(db, dbPath, clock);
  const path = `${dir}/audit.jsonl`;
  const errors: Error[] = [];
  return {
    dir,
    path,
    dbPath,
    store,
    errors,
    open: (options = {}) =>
      openAuditLog(path, {
        clock,
        fsyncIntervalMs: 0,
        onError: (error) => errors.push(error),
        anchor: { store: options.store ?? store, key: options.key, adoptUnsigned: options.adoptUnsigned },
      }),
    async verify(key) {
      const snapshot = await lockedSnapshot(path, () => store.read());
      return await verifyAuditFile(path, { size: snapshot.size, anchor: { record: snapshot.record, key } });
    },
    async cleanup() {
      db.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Appends `count` entries one write each (so the anchor pins the latest heads), then closes. */
export async function fill(log: AuditLog, count: number, tag = "real"): Promise<void> {
  for (let i = 0; i < count; i++) {
    await log.append({ event: "executed", session_id: tag, action_type: "write_file", details: { i } });
  }
  await log.close();
}

/** A self-consistent chain of `count` lines nobody anchored (what an attacker writes). */
export function forgedLines(count: number, from: { seq: number; prevHash: string } = {
  seq: 0,
  prevHash: GENESIS_HASH,
}): string[] {
  const lines: string[] = [];
  let prev = from.prevHash;
  for (let i = 0; i < count; i++) {
    const entry = buildEntry(
      { event: "executed", session_id: "forged", action_type: "read_file", details: { i } },
      from.seq + i,
      1_600_000_000_000 + i,
      prev,
    );
    prev = entry.hash;
    lines.push(serializeEntry(entry));
  }
  return lines;
}

/** A store that refuses chosen writes, to stand for a crash between two steps of a write. */
export function failingStore(
  inner: AnchorStore,
  failOn: (state: { head: { entries: number }; pending?: unknown }) => boolean,
): AnchorStore {
  return {
    read: () => inner.read(),
    write(record: AnchorRecord) {
      if (failOn(JSON.parse(record.state))) throw new Error("simulated crash");
      inner.write(record);
    },
    sync: () => inner.sync(),
  };
}
