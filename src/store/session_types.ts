/** Session and message records as the API returns them. */
import type { Decision, Thought, TokenUsage } from "../protocol/server_events.ts";

export type SessionMode = "normal" | "otr";

export interface SessionRecord {
  id: string;
  title: string;
  mode: SessionMode;
  created_at: number;
  updated_at: number;
  message_count: number;
}

export type { Thought, TokenUsage };

export interface StoredToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface MessageRecord {
  message_id: string;
  session_id: string;
  role: "user" | "assistant" | "tool" | "system";
  content: string;
  created_at: number;
  thoughts?: Thought[];
  token_usage?: TokenUsage;
  tool_calls?: StoredToolCall[];
  tool_call_id?: string;
  name?: string;
  /** For tool messages: the action_id of the pipeline events of that call. */
  action_id?: string;
  /** For tool messages: how the call ended (the same facts as its shield_verdict and action_completed events). */
  tool_outcome?: ToolOutcomeRecord;
  /** True once the message has been folded into the session summary by compaction. */
  compacted?: boolean;
}

/** The verdict fields of the call's shield_verdict event, stored so a client never parses the result text. */
export interface ToolOutcomeRecord {
  decision: Decision;
  tier: number;
  reason: string;
  is_error: boolean;
  duration_ms: number;
  otr_blocked?: boolean;
}

export type NewMessage = Omit<MessageRecord, "created_at" | "message_id" | "session_id" | "compacted"> & {
  message_id?: string;
};

export interface SessionSearchResult {
  session_id: string;
  title: string;
  snippet: string;
}

/** Storage of sessions of one kind (persistent or OTR). */
export interface SessionStore {
  create(id: string, mode: SessionMode, now: number): SessionRecord;
  get(id: string): SessionRecord | undefined;
  /** True when the session exists (cheaper than get: no message count). */
  has(id: string): boolean;
  count(): number;
  list(): SessionRecord[];
  rename(id: string, title: string, now: number): boolean;
  delete(id: string): boolean;
  addMessage(sessionId: string, message: NewMessage & { message_id: string }, now: number): MessageRecord;
  messages(sessionId: string): MessageRecord[];
  search(query: string, limit: number): SessionSearchResult[];
  summary(sessionId: string): string;
  clear(sessionId: string): void;
  /** Stores the compaction note and marks the given messages as folded into it. */
  compact(sessionId: string, summary: string, messageIds: string[]): void;
  /** Forgets what is kept in memory only to read faster (a store that keeps nothing else need not have it). */
  releaseCaches?(): void;
}
