/** Every event the engine sends (docs/api.md, "Events"): one typed union shared by the engine, the
 * WebSocket hub, channel adapters and the web UI. A new event type is one more line in ServerEventData. */

export type Decision = "ALLOW" | "BLOCK" | "ESCALATE";

/** One tier's answer inside a verdict. */
export interface TierResult {
  tier: number;
  decision: string;
  reason: string;
}

/** What Shield (or the engine, for refusals before Shield) decided about one tool call. */
export interface VerdictFields {
  decision: Decision;
  tier: number;
  reason: string;
}

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
}

/** One step of a turn shown on demand: `reasoning`, `tool_call`, `compaction`, `limit`, `cancelled`. */
export interface Thought {
  stage: string;
  summary: string;
  detail?: Record<string, unknown>;
}

/** The payload of each event type. */
export interface ServerEventData {
  llm_token: { token: string; message_id: string };
  /** `agent_id` (beyond the spec) on the three action events: the sub-agent that proposed the call. */
  action_started: {
    action_id: string;
    tool_name: string;
    arguments: Record<string, unknown>;
    agent_id?: string;
  };
  shield_verdict: VerdictFields & { action_id: string; tier_results: TierResult[]; agent_id?: string };
  action_completed: {
    action_id: string;
    tool_name: string;
    result: string;
    is_error: boolean;
    duration_ms: number;
    agent_id?: string;
  };
  response_complete: { content: string; message_id: string; thoughts: Thought[]; token_usage: TokenUsage };
  otr_blocked: { tool_name: string; reason: string };
  error: { code: string; message: string; recoverable: boolean };
  /** Beyond the spec: every argument, the agent's words and Shield's apart, and a diff for write_file. */
  tier3_approval_required: {
    action_id: string;
    tool_name: string;
    target: string;
    reasoning: string;
    timeout_secs: number;
    arguments?: Record<string, unknown>;
    agent_reasoning?: string;
    shield_reason?: string;
    diff?: string;
    diff_note?: string;
    /** Beyond the spec: the one scope this approval may allow from now on (answered with `remember: true`). */
    allow_from_now_on?: { label: string; scope: Record<string, unknown> };
  };
  log_entry: { level: string; event: string; message: string; fields: Record<string, unknown> };
  command_result: { command: string; ok: boolean; text: string; action?: Record<string, unknown> };
  /** Beyond the spec: a sub-agent started, progressed or ended; sent to its parent session's clients. */
  sub_agent_update: SubAgentStatusData;
}

/** A sub-agent's status (GET /api/sub-agents items, the agents tools' answers, sub_agent_update events). */
export interface SubAgentStatusData {
  id: string;
  parent_session_id: string;
  child_session_id: string;
  task_summary: string;
  /** starting, running, completed, failed, timed_out, round_limit, cancelled or interrupted. */
  state: string;
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

export type ServerEventType = keyof ServerEventData;

/** The envelope around one type's payload; `session_id` is "" for global events (log_entry). */
export type ServerEventOf<T extends ServerEventType> = {
  type: T;
  session_id: string;
  timestamp: number;
  data: ServerEventData[T];
};

export type ServerEvent = { [T in ServerEventType]: ServerEventOf<T> }[ServerEventType];

/** The answer to `ping`: the type alone. */
export const PONG = { type: "pong" } as const;

export function makeEvent<T extends ServerEventType>(
  type: T,
  sessionId: string,
  data: ServerEventData[T],
  now: number,
): ServerEvent {
  // A generic T cannot be narrowed to one member of the union; the signature already ties data to type.
  return { type, session_id: sessionId, timestamp: now, data } as ServerEvent;
}

/** Where events go: the engine emits into it; the hub, channels and tests listen. */
export interface EventSink {
  emit(event: ServerEvent): void;
}
