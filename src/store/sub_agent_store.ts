/** Sub-agent records in SQLite: who started each child, what it was asked, how it ended. OTR parents' children
 * are kept by the manager in memory only and never reach this store. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";

/** `starting`/`running` are active; every other state is final. */
export type SubAgentState =
  | "starting"
  | "running"
  | "completed"
  | "failed"
  | "timed_out"
  | "round_limit"
  | "cancelled"
  | "interrupted";

export const ACTIVE_STATES: ReadonlySet<SubAgentState> = new Set(["starting", "running"]);

export interface SubAgentRecord {
  id: string;
  parent_session_id: string;
  child_session_id: string;
  /** The task's first line, capped (the full text is the first message of the child session). */
  task_summary: string;
  /** The models[] entry name the child talks to. */
  model: string;
  state: SubAgentState;
  /** Why it stopped (empty while running or after a normal finish). */
  reason: string;
  /** The child's final answer (or the last text it produced before it was stopped). */
  result: string;
  rounds_used: number;
  timeout_seconds: number;
  started_at: number;
  finished_at?: number;
}

const COLUMNS = "id, parent_session_id, child_session_id, task_summary, model, state, reason, result, " +
  "rounds_used, timeout_seconds, started_at, finished_at";

export class SubAgentStore {
  private readonly sql: Statements;

  constructor(db: Database) {
    this.sql = new Statements(db);
  }

  insert(record: SubAgentRecord): void {
    this.sql.get(`INSERT INTO sub_agents (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      record.id,
      record.parent_session_id,
      record.child_session_id,
      record.task_summary,
      record.model,
      record.state,
      record.reason,
      record.result,
      record.rounds_used,
      record.timeout_seconds,
      record.started_at,
      record.finished_at ?? null,
    );
  }

  update(record: SubAgentRecord): void {
    this.sql.get(
      "UPDATE sub_agents SET state = ?, reason = ?, result = ?, rounds_used = ?, finished_at = ? WHERE id = ?",
    ).run(
      record.state,
      record.reason,
      record.result,
      record.rounds_used,
      record.finished_at ?? null,
      record.id,
    );
  }

  get(id: string): SubAgentRecord | undefined {
    const row = this.sql.get(`SELECT ${COLUMNS} FROM sub_agents WHERE id = ?`).get(id);
    return row ? toRecord(row) : undefined;
  }

  listByParent(parentSessionId: string): SubAgentRecord[] {
    return this.sql.get(`SELECT ${COLUMNS} FROM sub_agents WHERE parent_session_id = ? ORDER BY started_at`)
      .all(parentSessionId).map(toRecord);
  }

  delete(id: string): boolean {
    return this.sql.get("DELETE FROM sub_agents WHERE id = ?").run(id).changes > 0;
  }

  deleteByParent(parentSessionId: string): void {
    this.sql.get("DELETE FROM sub_agents WHERE parent_session_id = ?").run(parentSessionId);
  }

  /** Children that were active when the engine last stopped died with it: marks them so (at start). */
  markInterrupted(now: number): number {
    return Number(
      this.sql.get(
        "UPDATE sub_agents SET state = 'interrupted', reason = ?, finished_at = ? " +
          "WHERE state IN ('starting', 'running')",
      ).run("The engine stopped while the sub-agent was running", now).changes,
    );
  }
}

function toRecord(row: unknown): SubAgentRecord {
  const value = row as Record<string, unknown>;
  return {
    id: String(value.id),
    parent_session_id: String(value.parent_session_id),
    child_session_id: String(value.child_session_id),
    task_summary: String(value.task_summary),
    model: String(value.model),
    state: String(value.state) as SubAgentState,
    reason: String(value.reason),
    result: String(value.result),
    rounds_used: Number(value.rounds_used),
    timeout_seconds: Number(value.timeout_seconds),
    started_at: Number(value.started_at),
    ...(value.finished_at === null || value.finished_at === undefined
      ? {}
      : { finished_at: Number(value.finished_at) }),
  };
}
