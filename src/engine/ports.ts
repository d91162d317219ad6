/** Narrow interfaces the engine depends on, so each subsystem can be swapped or faked in tests. */
import type { Action, EvaluationHints, Verdict } from "../shield/types.ts";
import type { LlmCallSample, ToolCallSample } from "../store/metrics_store.ts";

export interface ShieldPort {
  evaluate(action: Action, hints?: EvaluationHints): Promise<Verdict>;
}

export interface SnapshotPort {
  snapshot(
    input: { sessionId: string; actionId: string; toolName: string; paths: string[] | "*" },
  ): Promise<unknown>;
}

export type IfcDecision = {
  decision: "allow" | "escalate" | "block";
  level: string;
  sink: string;
  reason: string;
};

export interface IfcPort {
  checkSink(sessionId: string, toolName: string, args: Record<string, unknown>): IfcDecision;
  recordRead(sessionId: string, toolName: string, reads: { paths?: string[]; hosts?: string[] }): void;
}

/** Usage samples of non-OTR sessions (src/store/metrics_store.ts). */
export interface MetricsRecorder {
  llmCall(sample: LlmCallSample): void;
  toolCall(sample: ToolCallSample): void;
}

export const noMetrics: MetricsRecorder = { llmCall() {}, toolCall() {} };
