/** The stages of the one tool-call pipeline, in order. Each is short, ends the call or hands it on, and throws
 * only for what went wrong (compose_stages.ts turns that into BLOCK when fail-closed). */
import { argumentsHash, targetOf } from "./action_target.ts";
import type { PipelineStage } from "./compose_stages.ts";
import { blockVerdict, type ToolCallRun, type ToolOutcome } from "./tool_call.ts";
import type { ToolResult } from "../tools/types.ts";

/** action_started for the clients, and the proposal in the audit log before anything is decided. */
const announce: PipelineStage = {
  name: "announce",
  failure: "The call could not be announced",
  run(call, next) {
    call.emit("action_started", {
      action_id: call.actionId,
      tool_name: call.toolName,
      arguments: displayArguments(call.call.arguments),
    });
    call.proposed = call.audit("action_proposed", {
      action_id: call.actionId,
      arguments_hash: argumentsHash(call.call.arguments),
    });
    return next();
  },
};

/** Only a tool offered to this caller (a sub-agent may be offered fewer) and enabled in this engine. */
const offered: PipelineStage = {
  name: "offered",
  failure: "The tool could not be looked up",
  run(call, next) {
    const tool = call.context.offered.has(call.toolName) ? call.deps.tools.get(call.toolName) : undefined;
    if (!tool) return Promise.resolve(call.block(`Tool "${call.toolName}" was not offered in this session`));
    call.tool = tool;
    return next();
  },
};

const validArguments: PipelineStage = {
  name: "arguments",
  failure: "The arguments could not be read",
  run(call, next) {
    const parsed = call.deps.parseArguments(call.tool!, call.call.arguments);
    if (!parsed.ok) return Promise.resolve(call.block(parsed.error));
    call.args = parsed.args;
    return next();
  },
};

/** An off-the-record session may not change anything: refused before Shield, with its own event. */
const offTheRecord: PipelineStage = {
  name: "otr",
  failure: "The off-the-record check failed",
  run(call, next) {
    const tool = call.tool!;
    call.writes = Boolean(typeof tool.writes === "function" ? tool.writes(call.args) : tool.writes);
    if (!call.context.otr || !call.writes) return next();
    const reason =
      `"${call.toolName}" changes state and this is an off-the-record session: nothing may be written`;
    call.emit("otr_blocked", { tool_name: call.toolName, reason });
    call.audit("otr_blocked", { action_id: call.actionId });
    return Promise.resolve(call.outcome(`Refused: ${reason}`, true, false));
  },
};

/** Judge and act on the same thing: the tool's own resolution of its paths (symlinks, `~`) is what Shield sees and
 * exactly what the tool then acts on; a target it refuses (outside, protected) never reaches Shield. */
const resolvedTargets: PipelineStage = {
  name: "resolve",
  failure: "The call's targets could not be resolved",
  async run(call, next) {
    const resolve = call.tool!.resolveArguments;
    if (!resolve) return await next();
    try {
      call.args = await resolve(call.args);
    } catch (error) {
      return call.block(toolErrorMessage(error));
    }
    return await next();
  },
};

/** Information-flow control first (a blocked flow never reaches Shield), then Shield's tiers. */
const judged: PipelineStage = {
  name: "shield",
  failure: "Shield evaluation failed",
  async run(call, next) {
    const { deps, context } = call;
    const flow = deps.ifc?.checkSink(context.sessionId, call.toolName, call.args);
    if (flow?.decision === "block") {
      call.verdict = blockVerdict(`Information flow: ${flow.reason}`);
      return await next();
    }
    deps.approvalNotes?.note(call.actionId, {
      toolName: call.toolName,
      args: call.args,
      reasoning: context.reasoning,
    });
    try {
      call.verdict = await deps.shield.evaluate(
        {
          type: call.toolName,
          payload: call.args,
          sessionId: context.sessionId,
          actionId: call.actionId,
          // What an MCP tool says of itself: hints for Shield, never a reason to trust the call more.
          ...(call.tool!.annotations ? { annotations: call.tool!.annotations } : {}),
          ...(call.tool!.inputSchema ? { inputSchema: call.tool!.inputSchema } : {}),
        },
        {
          minimumTier: strictestTier(minimumTierOf(call), flow?.decision === "escalate" ? 2 : undefined),
          reasoning: context.reasoning ?? flow?.reason,
        },
      );
    } finally {
      deps.approvalNotes?.forget(call.actionId);
    }
    return await next();
  },
  // Fail-open: nobody could judge the call, so a human must: ESCALATE is never run unasked.
  failOpen(call, error, next) {
    const reason = `Shield evaluation failed: ${error.message}`;
    call.verdict = {
      decision: "ESCALATE",
      tier: 0,
      reason,
      confidence: 0,
      tier_results: [{ tier: 0, decision: "ESCALATE", reason }],
    };
    return next();
  },
};

/** The verdict in the audit log, then on the clients; a call that is not allowed ends here. Fail-closed, nothing
 * runs that the audit log does not hold: the proposal and the verdict are awaited (usually one write). */
const recorded: PipelineStage = {
  name: "record",
  failure: "The audit log could not record this call",
  async run(call, next) {
    const verdict = call.verdict!;
    const written = call.audit("verdict", {
      action_id: call.actionId,
      decision: verdict.decision,
      tier: verdict.tier,
      reason: verdict.reason,
      target: targetOf(call.toolName, call.args),
    }, { immediate: call.deps.failClosed });
    // Only a fail-closed engine acts on a failed write, so only it waits for the disk.
    if (call.deps.failClosed && verdict.decision === "ALLOW") {
      const failure = (await call.proposed) ?? (await written);
      if (failure) throw failure;
    }
    call.emitVerdict(verdict);
    if (verdict.decision === "ALLOW") return await next();
    const what = verdict.decision === "BLOCK" ? "Blocked" : "Not approved";
    return call.finish(`${what} by Shield (tier ${verdict.tier}): ${verdict.reason}`, true, false);
  },
};

/** Chronicle keeps what a change is about to overwrite, so it can be rolled back. */
const snapshot: PipelineStage = {
  name: "snapshot",
  failure: "The workspace snapshot before this change failed",
  async run(call, next) {
    const tool = call.tool!;
    const affected = call.writes && tool.affectedPaths ? tool.affectedPaths(call.args) : [];
    if (call.deps.snapshots && affected.length > 0) {
      await call.deps.snapshots.snapshot({
        sessionId: call.context.sessionId,
        actionId: call.actionId,
        toolName: call.toolName,
        paths: affected,
      });
    }
    return await next();
  },
  // Fail-open: the change goes ahead without a snapshot (the failure is logged).
  failOpen: (_call, _error, next) => next(),
};

const DEFAULT_MAX_RESULT_CHARS = 60_000;

/** Runs the tool; a tool's own failure is its result (an error for the model), not a pipeline error. */
const execute: PipelineStage = {
  name: "execute",
  failure: "The call could not be run",
  async run(call): Promise<ToolOutcome> {
    const { deps, context } = call;
    const tool = call.tool!;
    const started = performance.now();
    let result: ToolResult;
    try {
      result = await tool.execute(call.args, {
        sessionId: context.sessionId,
        signal: context.signal,
        argumentsResolved: tool.resolveArguments !== undefined,
      });
    } catch (error) {
      result = { output: toolErrorMessage(error), isError: true };
    }
    const durationMs = performance.now() - started;
    // A tool reports reads only for what it really read (the shell even when its command failed).
    if (result.reads && deps.ifc) deps.ifc.recordRead(context.sessionId, call.toolName, result.reads);
    call.audit(result.isError ? "action_failed" : "action_executed", {
      action_id: call.actionId,
      duration_ms: Math.round(durationMs),
    });
    if (!context.otr) {
      deps.metrics.toolCall({
        sessionId: context.sessionId,
        toolName: call.toolName,
        isError: result.isError,
        durationMs,
      });
    }
    return call.finish(
      capped(result.output, deps.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS),
      result.isError,
      true,
      durationMs,
    );
  },
};

/** The pipeline, in order (docs/architecture.md walks it): offered -> arguments -> OTR -> paths -> IFC and Shield -> audit
 * -> snapshot -> execute. */
export const TOOL_CALL_STAGES: readonly PipelineStage[] = [
  announce,
  offered,
  validArguments,
  offTheRecord,
  resolvedTargets,
  judged,
  recorded,
  snapshot,
  execute,
];

/** The tool's own floor for this call: fixed, or decided from the resolved arguments (an outside invitation). */
function minimumTierOf(call: ToolCallRun): 2 | 3 | undefined {
  const floor = call.tool!.minimumTier;
  return typeof floor === "function" ? floor(call.args) : floor;
}

function strictestTier(...tiers: (2 | 3 | undefined)[]): 2 | 3 | undefined {
  return tiers.reduce<2 | 3 | undefined>(
    (worst, tier) => (tier ?? 0) > (worst ?? 0) ? tier : worst,
    undefined,
  );
}

function capped(output: string, max: number): string {
  return output.length > max
    ? `${output.slice(0, max)}\n[... ${output.length - max} characters omitted]`
    : output;
}

/** The arguments as action_started shows them to the clients: the object, or the start of the unparsed text. */
function displayArguments(text: string): Record<string, unknown> {
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
