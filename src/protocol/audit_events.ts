/** Every audit event name and the details it carries (docs/audit.md: ids, types, targets and hashes, never
 * message text or secrets). A new audit event is one more line in AuditEventDetails. */
import type { Decision } from "./server_events.ts";

export interface AuditEventDetails {
  // The tool pipeline (src/engine/tool_pipeline.ts).
  action_proposed: { action_id: string; arguments_hash: string };
  verdict: { action_id: string; decision: Decision; tier: number; reason: string; target?: string };
  otr_blocked: { action_id: string };
  action_executed: { action_id: string; duration_ms: number };
  action_failed: { action_id: string; duration_ms: number };
  snapshot: { action_id: string; snapshot_id: string };
  ifc_audit: { would_be?: string; level: string; sink: string | null };
  // Tier 3 (src/engine/approvals.ts).
  tier3_requested: { action_id: string; action_hash: string };
  tier3_decision: {
    action_id: string;
    action_hash: string;
    decision: "approve" | "deny";
    via: string;
    /** The answer also asked to allow the card's scope from now on. */
    remember?: boolean;
  };
  // "Allow from now on" (src/engine/learned_approvals.ts): the learned rule's name and scope kind.
  shield_rule_learned: { action_id: string; rule: string; scope: string };
  // Chronicle rollbacks (src/chronicle/chronicle_command.ts).
  rollback: { snapshot_id: string };
  rollback_failed: { snapshot_id: string };
  // Sessions, login and the engine itself.
  session_created: { mode: string };
  session_deleted: { mode: string };
  login_success: { client: string; outcome: string };
  login_failure: { client: string; outcome: string };
  restart: Record<string, never>;
  restart_requested: { via: string };
  config_changed: { key: string; via: string };
  // Sub-agents (src/engine/sub_agents/): an OTR parent's entries keep only the agent id.
  sub_agent_started: {
    agent_id: string;
    child_session_id?: string;
    model?: string;
    timeout_seconds?: number;
    pid?: number;
  };
  sub_agent_finished: { agent_id: string; state?: string; rounds_used?: number; reason?: string };
  // Schedules and the heartbeat (src/engine/schedules/scheduler.ts).
  schedule_run: { schedule_id: string; due_at: number; late_ms: number; next_run_at: number | null };
  heartbeat_run: { items: number };
  // POST /api/settings/test-mcp, before the command runs (secrets in it masked, env values never written).
  mcp_test: { name: string; command: string; args: string[]; env_keys: string[] };
  // Messaging channels (src/channels/): ids and lengths, never message text.
  channel_attached: { channel: string };
  channel_detached: { channel: string; reason: string; drained: boolean };
  channel_message_received: {
    channel: string;
    message_id: string;
    chat_id: string;
    sender_id: string;
    chars: number;
  };
  channel_stranger: { channel: string; sender_id: string; chat_id: string };
  channel_approval_answered: {
    channel: string;
    chat_id: string;
    sender_id: string;
    action_id: string;
    decision: "approve" | "deny";
    accepted: boolean;
  };
  // Written by the audit log itself (src/audit/).
  audit_anchor_adopted: { entries: number; last_seq: number; last_hash: string };
  audit_anchor_break: Record<string, unknown>;
  audit_torn_tail: Record<string, unknown>;
}

export type AuditEventName = keyof AuditEventDetails;

/** An off-the-record session leaves content-free entries: the event and the action id, nothing about targets. */
export type ContentFreeDetails = { action_id?: string };

export interface AuditRecordOptions {
  /** Write now instead of in the next group commit (for a caller that waits on the result). */
  immediate?: boolean;
}

/** Content-free audit records. Implemented over the hash-chained log by src/app/audit_trail.ts. */
export interface AuditRecorder {
  /**
   * Never rejects: resolves once the entry is on disk, or with the error that kept it off (already logged).
   * Most callers ignore the result; one that must not act unrecorded awaits it, with `immediate`.
   */
  record<E extends AuditEventName>(
    event: E,
    sessionId: string,
    actionType: string,
    details: AuditEventDetails[E] | ContentFreeDetails,
    options?: AuditRecordOptions,
  ): Promise<Error | undefined>;
}

export const noAudit: AuditRecorder = { record: () => Promise.resolve(undefined) };
