/** What the channel manager needs from the engine: the same doors a WebSocket client uses, nothing more. */

export interface ChannelEngine {
  /** Queues a user message in a session; `settled` runs once its turn has ended (`ran` false when it was
   * dropped before running, e.g. the session was deleted). `inboundId` ("platform:message id") keeps a message
   * answered again after a crash from appearing twice in the session. Throws when the session cannot take it. */
  submit(sessionId: string, text: string, settled: (ran: boolean) => void, inboundId?: string): void;
  /** Runs a slash command as `channel` (so /config set and /model are refused, spec 1 rule 4). */
  command(sessionId: string, text: string, channel: string): Promise<{ ok: boolean; text: string }>;
  createSession(mode: "normal" | "otr", title: string): string;
  sessionExists(sessionId: string): boolean;
  /** Answers a pending Tier 3 request of `sessionId`; false when none such is waiting. */
  decide(actionId: string, decision: "approve" | "deny", via: string, sessionId: string): boolean;
}

export type { AuditRecorder as ChannelAudit } from "../protocol/audit_events.ts";

export interface ChannelLog {
  info(event: string, message: string, fields?: Record<string, unknown>): void;
  warn(event: string, message: string, fields?: Record<string, unknown>): void;
  error(event: string, message: string, fields?: Record<string, unknown>): void;
  debug(event: string, message: string, fields?: Record<string, unknown>): void;
}

/** The engine events a channel acts on (spec 6.1 envelope). */
export type { ServerEvent as ChannelEvent } from "../protocol/server_events.ts";
