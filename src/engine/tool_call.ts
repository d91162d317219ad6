/** One proposed tool call on its way through the pipeline: what the stages have learnt about it so far, and the
 * only ways it can end (refused, blocked, finished), each emitting its events and audit entries. */
import { newId } from "../lib/clock.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../log/logger.ts";
import type { AuditEventDetails, AuditEventName, AuditRecorder } from "../protocol/audit_events.ts";
import type { EventSink, ServerEventData, ServerEventType } from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { ToolCall } from "../providers/types.ts";
import type { Verdict } from "../shield/types.ts";
import type { AnyTool } from "../tools/types.ts";
import type { IfcPort, MetricsRecorder, ShieldPort, SnapshotPort } from "./ports.ts";

export interface ToolLookup {
  get(name: string): AnyTool | undefined;
}

export interface PipelineDeps {
  tools: ToolLookup;
  parseArguments: (
    tool: AnyTool,
    raw: string,
  ) => { ok: true; args: Record<string, unknown> } | { ok: false; error: string };
  shield: ShieldPort;
  events: EventSink;
  audit: AuditRecorder;
  metrics: MetricsRecorder;
  logger: Logger;
  clock: Clock;
  /** general.fail_closed: any error on the path blocks the call (src/engine/compose_stages.ts). */
  failClosed: boolean;
  snapshots?: SnapshotPort;
  ifc?: IfcPort;
  /** Cap of the result text handed back to the model (default 60,000 characters). */
  maxResultChars?: number;
  /** Told each call's full arguments while Shield judges it, for the Tier 3 prompt (approvals.ts). */
  approvalNotes?: {
    note(
      actionId: string,
      call: { toolName: string; args: Record<string, unknown>; reasoning?: string },
    ): void;
    forget(actionId: string): void;
  };
}

export interface CallContext {
  sessionId: string;
  otr: boolean;
  signal: AbortSignal;
  /** Tool names offered to this caller (a sub-agent may be offered fewer). */
  offered: ReadonlySet<string>;
  /** Why the model wanted this call, shown to Tier 2/3 (never the history). */
  reasoning?: string;
  /** The sub-agent proposing the call (its parent's session is `sessionId`): events and audit entries say so. */
  agentId?: string;
}

export interface ToolOutcome {
  actionId: string;
  toolName: string;
  /** Text for the model. */
  content: string;
  isError: boolean;
  /** Undefined only when the call was refused as an off-the-record write (no verdict was reached). */
  verdict?: Verdict;
  executed: boolean;
  durationMs: number;
}

/** The verdict of every refusal the engine makes itself (tier 0 unless a tier is named). */
export function blockVerdict(reason: string, tier = 0, confidence = 1): Verdict {
  return { decision: "BLOCK", tier, reason, confidence, tier_results: [{ tier, decision: "BLOCK", reason }] };
}

export class ToolCallRun {
  readonly actionId = newId("a_");
  tool?: AnyTool;
  /** The arguments as parsed, then as resolved by the tool (what Shield judges and the tool acts on). */
  args: Record<string, unknown> = {};
  writes = false;
  verdict?: Verdict;
  /** The audit entry of the proposal, awaited before a fail-closed call runs. */
  proposed: Promise<Error | undefined> = Promise.resolve(undefined);

  constructor(readonly call: ToolCall, readonly context: CallContext, readonly deps: PipelineDeps) {}

  get toolName(): string {
    return this.call.name;
  }

  emit<T extends ServerEventType>(type: T, data: ServerEventData[T]): void {
    const tagged = { ...data, ...this.agentTag() } as ServerEventData[T];
    this.deps.events.emit(makeEvent(type, this.context.sessionId, tagged, this.deps.clock.now()));
  }

  /** OTR sessions leave only content-free entries: the event and the action id, nothing about targets. */
  audit<E extends AuditEventName>(
    event: E,
    details: AuditEventDetails[E] & { action_id: string },
    options?: { immediate?: boolean },
  ): Promise<Error | undefined> {
    const kept = this.context.otr ? { action_id: details.action_id } : details;
    return this.deps.audit.record(event, this.context.sessionId, this.toolName, {
      ...kept,
      ...this.agentTag(),
    }, options);
  }

  /** `agent_id` on a sub-agent's events and audit entries; nothing for the chat's own calls. */
  private agentTag(): { agent_id?: string } {
    return this.context.agentId ? { agent_id: this.context.agentId } : {};
  }

  emitVerdict(verdict: Verdict): void {
    this.emit("shield_verdict", {
      action_id: this.actionId,
      decision: verdict.decision,
      tier: verdict.tier,
      reason: verdict.reason,
      tier_results: verdict.tier_results.map(({ tier, decision, reason }) => ({ tier, decision, reason })),
    });
  }

  /** Ends the call without running it: a BLOCK verdict made by the engine, shown, audited and told the model. */
  block(reason: string): ToolOutcome {
    const verdict = blockVerdict(reason);
    this.verdict = verdict;
    this.emitVerdict(verdict);
    this.audit("verdict", { action_id: this.actionId, decision: "BLOCK", tier: 0, reason });
    return this.finish(`Refused: ${reason}`, true, false);
  }

  /** Ends the call: `action_completed` for the clients, the outcome for the turn. */
  finish(content: string, isError: boolean, executed: boolean, durationMs = 0): ToolOutcome {
    const duration = Math.round(durationMs);
    this.emit("action_completed", {
      action_id: this.actionId,
      tool_name: this.toolName,
      result: content,
      is_error: isError,
      duration_ms: duration,
    });
    return this.outcome(content, isError, executed, duration);
  }

  outcome(content: string, isError: boolean, executed: boolean, durationMs = 0): ToolOutcome {
    return {
      actionId: this.actionId,
      toolName: this.toolName,
      content,
      isError,
      verdict: this.verdict,
      executed,
      durationMs,
    };
  }
}
