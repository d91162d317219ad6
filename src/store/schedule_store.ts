/** Schedules and heartbeat item runs in SQLite, so both survive a restart. A schedule whose `next_run_at` is
 * empty has finished (a one-shot that ran) and is kept only for listing. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";

export interface ScheduleRecord {
  id: string;
  title: string;
  task: string;
  /** Five-field cron expression; "" for a one-shot schedule. */
  cron: string;
  /** One-shot time (ms since the epoch); absent for cron schedules. */
  run_at?: number;
  /** IANA time zone the cron expression is read in. */
  timezone: string;
  created_by_session: string;
  /** The session every run of this schedule is a turn in ("" until the first run). */
  session_id: string;
  next_run_at?: number;
  last_run_at?: number;
  run_count: number;
  created_at: number;
}

const COLUMNS = "id, title, task, cron, run_at, timezone, created_by_session, session_id, next_run_at, " +
  "last_run_at, run_count, created_at";

export class ScheduleStore {
  private readonly sql: Statements;

  constructor(db: Database) {
    this.sql = new Statements(db);
  }

  insert(record: ScheduleRecord): void {
    this.sql.get(`INSERT INTO schedules (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      record.id,
      record.title,
      record.task,
      record.cron,
      record.run_at ?? null,
      record.timezone,
      record.created_by_session,
      record.session_id,
      record.next_run_at ?? null,
      record.last_run_at ?? null,
      record.run_count,
      record.created_at,
    );
  }

  get(id: string): ScheduleRecord | undefined {
    const row = this.sql.get(`SELECT ${COLUMNS} FROM schedules WHERE id = ?`).get(id);
    return row ? toRecord(row) : undefined;
  }

  list(): ScheduleRecord[] {
    return this.sql.get(`SELECT ${COLUMNS} FROM schedules ORDER BY created_at, id`).all().map(toRecord);
  }

  /** Schedules still to run (one-shots that ran are excluded). */
  countActive(): number {
    const row = this.sql.get("SELECT count(*) AS count FROM schedules WHERE next_run_at IS NOT NULL").get();
    return Number((row as { count: number }).count);
  }

  /** Schedules whose next run is at or before `now`, earliest first. */
  due(now: number): ScheduleRecord[] {
    return this.sql.get(
      `SELECT ${COLUMNS} FROM schedules WHERE next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at`,
    ).all(now).map(toRecord);
  }

  /** The earliest pending run, or undefined when nothing is scheduled. */
  nextDue(): number | undefined {
    const row = this.sql.get("SELECT min(next_run_at) AS next FROM schedules").get() as {
      next: number | null;
    };
    return row.next ?? undefined;
  }

  /** Records that a run starts now and when the following one is due (undefined: none). */
  markRun(id: string, ranAt: number, nextRunAt: number | undefined, sessionId: string): void {
    this.sql.get(
      "UPDATE schedules SET last_run_at = ?, next_run_at = ?, run_count = run_count + 1, session_id = ? WHERE id = ?",
    ).run(ranAt, nextRunAt ?? null, sessionId, id);
  }

  delete(id: string): boolean {
    return this.sql.get("DELETE FROM schedules WHERE id = ?").run(id).changes > 0;
  }

  heartbeatLastRun(itemHash: string): number | undefined {
    const row = this.sql.get("SELECT last_run_at FROM heartbeat_items WHERE item_hash = ?").get(itemHash) as
      | { last_run_at: number }
      | undefined;
    return row?.last_run_at;
  }

  heartbeatRan(itemHashes: string[], at: number): void {
    const statement = this.sql.get(
      "INSERT INTO heartbeat_items (item_hash, last_run_at) VALUES (?, ?) " +
        "ON CONFLICT (item_hash) DO UPDATE SET last_run_at = excluded.last_run_at",
    );
    for (const hash of itemHashes) statement.run(hash, at);
  }
}

function toRecord(row: unknown): ScheduleRecord {
  const value = row as Record<string, unknown>;
  const optional = (key: string) =>
    value[key] === null || value[key] === undefined ? {} : { [key]: Number(value[key]) };
  return {
    id: String(value.id),
    title: String(value.title),
    task: String(value.task),
    cron: String(value.cron),
    timezone: String(value.timezone),
    created_by_session: String(value.created_by_session),
    session_id: String(value.session_id),
    run_count: Number(value.run_count),
    created_at: Number(value.created_at),
    ...optional("run_at"),
    ...optional("next_run_at"),
    ...optional("last_run_at"),
  };
}
