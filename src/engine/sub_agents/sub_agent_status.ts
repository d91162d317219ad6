/** The status object of a sub-agent as tools and `GET /api/sub-agents` show it. */
import type { SubAgentRecord, SubAgentState } from "../../store/sub_agent_store.ts";

const SUMMARY_CHARS = 120;

export interface SubAgentStatus {
  id: string;
  parent_session_id: string;
  child_session_id: string;
  task_summary: string;
  state: SubAgentState;
  /** Why it stopped, when it did not finish normally. */
  reason: string;
  rounds_used: number;
  max_rounds: number;
  model: string;
  timeout_seconds: number;
  started_at: number;
  /** Milliseconds from start to now, or to its end once finished. */
  elapsed_ms: number;
}

export function statusOf(record: SubAgentRecord, now: number, maxRounds: number): SubAgentStatus {
  return {
    id: record.id,
    parent_session_id: record.parent_session_id,
    child_session_id: record.child_session_id,
    task_summary: record.task_summary,
    state: record.state,
    reason: record.reason,
    rounds_used: record.rounds_used,
    max_rounds: maxRounds,
    model: record.model,
    timeout_seconds: record.timeout_seconds,
    started_at: record.started_at,
    elapsed_ms: Math.max(0, (record.finished_at ?? now) - record.started_at),
  };
}

/** The task's first non-empty line, whitespace collapsed, capped. */
export function taskSummary(task: string): string {
  const line = task.split("\n").map((part) => part.trim()).find((part) => part.length > 0) ?? "";
  const clean = line.replace(/\s+/g, " ");
  return clean.length <= SUMMARY_CHARS ? clean : `${clean.slice(0, SUMMARY_CHARS - 1)}\u2026`;
}
