/** The one tool-call pipeline every caller uses (chat, sub-agents, schedules, channels, MCP):
 * offered? → arguments valid? → OTR write check → paths resolved → IFC → Shield → audit (durable when
 * fail-closed) → snapshot → execute → taint → events. */
import type { Clock } from "../lib/clock.ts";
import { newId } from "../lib/clock.ts";
import type { Logger } from "../log/logger.ts";
import type { AnyTool, ToolResult } from "../tools/types.ts";
import type { ToolCall } from "../providers/types.ts";
import type { Verdict } from "../shield/types.ts";
import type { Emit, EventSink } from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { IfcPort, MetricsRecorder, ShieldPort, SnapshotPort } from "./ports.ts";
import type { AuditEventDetails, AuditEventName, AuditRecorder } from "../protocol/audit_events.ts";
import { argumentsHash, targetOf } from "./action_target.ts";

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
  failClosed: boolean;
  snapshots?: SnapshotPort;
  ifc?: IfcPort;
  /** Cap of the result text handed back to the model. */
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
  verdict?: Verdict;
  executed: boolean;
  durationMs: number;
}

const DEFAULT_MAX_RESULT_CHARS = 60_000;

export class ToolPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async run(call: ToolCall, context: CallContext): Promise<ToolOutcome> {
    const { deps } = this;
    const actionId = newId("a_");
    const parsedForDisplay = safeJson(call.arguments);
    const tag = context.agentId ? { agent_id: context.agentId } : {};
    const emit: Emit = (type, data) =>
      deps.events.emit(makeEvent(type, context.sessionId, { ...data, ...tag }, deps.clock.now()));
    const finish = (
      content: string,
      isError: boolean,
      executed: boolean,
      verdict?: Verdict,
      durationMs = 0,
    ) => {
      emit("action_completed", {
        action_id: actionId,
        tool_name: call.name,
        result: content,
        is_error: isError,
        duration_ms: Math.round(durationMs),
      });
      return {
        actionId,
        toolName: call.name,
        content,
        isError,
        verdict,
        executed,
        durationMs: Math.round(durationMs),
      };
    };
    const refuse = (reason: string, tier = 0) => {
      const verdict: Verdict = {
        decision: "BLOCK",
        tier,
        reason,
        confidence: 1,
        tier_results: [{ tier, decision: "BLOCK", reason }],
      };
      emitVerdict(emit, actionId, verdict);
      this.audit("verdict", context, call.name, { action_id: actionId, decision: "BLOCK", tier, reason });
      return finish(`Refused: ${reason}`, true, false, verdict);
    };

    emit("action_started", { action_id: actionId, tool_name: call.name, arguments: parsedForDisplay });
    const proposed = this.audit("action_proposed", context, call.name, {
      action_id: actionId,
      arguments_hash: argumentsHash(call.arguments),
    });

    const tool = context.offered.has(call.name) ? deps.tools.get(call.name) : undefined;
    if (!tool) return refuse(`Tool "${call.name}" was not offered in this session`);
    const parsed = deps.parseArguments(tool, call.arguments);
    if (!parsed.ok) return refuse(`Invalid arguments for "${call.name}": ${parsed.error}`);

    const writes = typeof tool.writes === "function" ? tool.writes(parsed.args) : tool.writes;
    if (context.otr && writes) {
      const reason =
        `"${call.name}" changes state and this is an off-the-record session: nothing may be written`;
      emit("otr_blocked", { tool_name: call.name, reason });
      this.audit("otr_blocked", context, call.name, { action_id: actionId });
      return {
        actionId,
        toolName: call.name,
        content: `Refused: ${reason}`,
        isError: true,
        executed: false,
        durationMs: 0,
      };
    }

    // Judge and act on the same thing: the tool's own resolution of its paths (symlinks, `~`) is what Shield
    // sees and exactly what the tool then acts on; a target it refuses (outside, protected) never reaches Shield.
    const resolution = await resolveArguments(tool, parsed.args);
    if (!resolution.ok) return refuse(resolution.reason);
    const args = resolution.args;
    const minimumTier = typeof tool.minimumTier === "function" ? tool.minimumTier(args) : tool.minimumTier;
    const verdict = await this.judge(call.name, args, actionId, context, minimumTier, tool);
    const recorded = this.audit("verdict", context, call.name, {
      action_id: actionId,
      decision: verdict.decision,
      tier: verdict.tier,
      reason: verdict.reason,
      target: targetOf(call.name, args),
    }, { immediate: deps.failClosed });
    // Fail-closed: nothing runs that the audit log does not hold. Both entries usually share one write.
    const auditFailure = deps.failClosed && verdict.decision === "ALLOW"
      ? (await proposed) ?? (await recorded)
      : undefined;
    if (auditFailure) return refuse(`The audit log could not record this call: ${auditFailure.message}`);
    emitVerdict(emit, actionId, verdict);
    if (verdict.decision !== "ALLOW") {
      const what = verdict.decision === "BLOCK" ? "Blocked" : "Not approved";
      return finish(`${what} by Shield (tier ${verdict.tier}): ${verdict.reason}`, true, false, verdict);
    }

    const affected = writes && tool.affectedPaths ? tool.affectedPaths(args) : [];
    if (deps.snapshots && affected.length > 0) {
      try {
        await deps.snapshots.snapshot({
          sessionId: context.sessionId,
          actionId,
          toolName: call.name,
          paths: affected,
        });
      } catch (error) {
        deps.logger.error(
          "snapshot_failed",
          `Snapshot before "${call.name}" failed: ${(error as Error).message}`,
          { action_id: actionId },
        );
        if (deps.failClosed) {
          return finish("Refused: the workspace snapshot before this change failed", true, false, verdict);
        }
      }
    }

    const started = performance.now();
    let result: ToolResult;
    try {
      result = await tool.execute(args, {
        sessionId: context.sessionId,
        signal: context.signal,
        argumentsResolved: tool.resolveArguments !== undefined,
      });
    } catch (error) {
      result = { output: toolErrorMessage(error), isError: true };
    }
    const durationMs = performance.now() - started;
    // A tool reports reads only for what it really read (the shell even when its command failed).
    if (result.reads && deps.ifc) {
      deps.ifc.recordRead(context.sessionId, call.name, result.reads);
    }
    this.audit(result.isError ? "action_failed" : "action_executed", context, call.name, {
      action_id: actionId,
      duration_ms: Math.round(durationMs),
    });
    if (!context.otr) {
      deps.metrics.toolCall({
        sessionId: context.sessionId,
        toolName: call.name,
        isError: result.isError,
        durationMs,
      });
    }
    const max = deps.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
    const content = result.output.length > max
      ? `${result.output.slice(0, max)}\n[... ${result.output.length - max} characters omitted]`
      : result.output;
    return finish(content, result.isError, true, verdict, durationMs);
  }

  /** IFC, then Shield; any throw here is BLOCK when fail-closed. */
  private async judge(
    toolName: string,
    args: Record<string, unknown>,
    actionId: string,
    context: CallContext,
    toolMinimumTier?: 2 | 3,
    tool?: AnyTool,
  ): Promise<Verdict> {
    try {
      const flow = this.deps.ifc?.checkSink(context.sessionId, toolName, args);
      if (flow?.decision === "block") {
        const reason = `Information flow: ${flow.reason}`;
        return {
          decision: "BLOCK",
          tier: 0,
          reason,
          confidence: 1,
          tier_results: [{ tier: 0, decision: "BLOCK", reason }],
        };
      }
      this.deps.approvalNotes?.note(actionId, { toolName, args, reasoning: context.reasoning });
      return await this.deps.shield.evaluate(
        {
          type: toolName,
          payload: args,
          sessionId: context.sessionId,
          actionId,
          ...(tool?.annotations ? { annotations: tool.annotations } : {}),
          ...(tool?.inputSchema ? { inputSchema: tool.inputSchema } : {}),
        },
        {
          minimumTier: strictestTier(toolMinimumTier, flow?.decision === "escalate" ? 2 : undefined),
          reasoning: context.reasoning ?? flow?.reason,
        },
      );
    } catch (error) {
      this.deps.logger.error("shield_error", `Shield failed on "${toolName}": ${(error as Error).message}`, {
        action_id: actionId,
      });
      const decision = this.deps.failClosed ? "BLOCK" : "ESCALATE";
      const reason = `Shield evaluation failed: ${(error as Error).message}`;
      return { decision, tier: 0, reason, confidence: 0, tier_results: [{ tier: 0, decision, reason }] };
    } finally {
      this.deps.approvalNotes?.forget(actionId);
    }
  }

  private audit<E extends AuditEventName>(
    event: E,
    context: CallContext,
    actionType: string,
    details: AuditEventDetails[E] & { action_id: string },
    options?: { immediate?: boolean },
  ): Promise<Error | undefined> {
    // OTR sessions leave only content-free entries: the event and the ids, nothing about targets.
    const tag = context.agentId ? { agent_id: context.agentId } : {};
    const kept = context.otr ? { action_id: details.action_id, ...tag } : { ...details, ...tag };
    return this.deps.audit.record(event, context.sessionId, actionType, kept, options);
  }
}

function emitVerdict(
  emit: Emit,
  actionId: string,
  verdict: Verdict,
) {
  emit("shield_verdict", {
    action_id: actionId,
    decision: verdict.decision,
    tier: verdict.tier,
    reason: verdict.reason,
    tier_results: verdict.tier_results.map((result) => ({
      tier: result.tier,
      decision: result.decision,
      reason: result.reason,
    })),
  });
}

type Resolution = { ok: true; args: Record<string, unknown> } | { ok: false; reason: string };

async function resolveArguments(tool: AnyTool, args: Record<string, unknown>): Promise<Resolution> {
  if (!tool.resolveArguments) return { ok: true, args };
  try {
    return { ok: true, args: await tool.resolveArguments(args) };
  } catch (error) {
    return { ok: false, reason: toolErrorMessage(error) };
  }
}

function strictestTier(...tiers: (2 | 3 | undefined)[]): 2 | 3 | undefined {
  return tiers.reduce<2 | 3 | undefined>(
    (worst, tier) => (tier ?? 0) > (worst ?? 0) ? tier : worst,
    undefined,
  );
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || "{}");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : { value };
  } catch {
    return { _unparsed: text.slice(0, 2000) };
  }
}

function toolErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "ToolError" || error.name === "AppError" || "status" in error) return error.message;
    if (error.name === "AbortError") return "The call was cancelled";
    return `Tool failed: ${error.message}`;
  }
  return `Tool failed: ${String(error)}`;
}
