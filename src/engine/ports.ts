/** Narrow interfaces the engine depends on, so each subsystem can be swapped or faked in tests. */
import type { Action, EvaluationHints, Verdict } from "../shield/types.ts";

export interface ShieldPort {
  evaluate(action: Action, hints?: EvaluationHints): Promise<Verdict>;
}

/** Content-free audit records: ids, types, targets and argument hashes only. */
export interface AuditPort {
  /**
   * Never rejects: resolves once the entry is on disk, or with the error that kept it off (already logged).
   * Most callers ignore the result; one that must not act unrecorded awaits it, with `immediate` so the
   * group commit does not wait out its spacing.
   */
  record(
    event: string,
    sessionId: string,
    actionType: string,
    details: Record<string, unknown>,
    options?: { immediate?: boolean },
  ): Promise<Error | undefined>;
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

export interface MetricsRecorder {
  llmCall(sample: {
    sessionId: string;
    role: string;
    provider: string;
    model: string;
    latencyMs: number;
    inputTokens: number;
    outputTokens: number;
    ok: boolean;
  }): void;
  toolCall(sample: { sessionId: string; toolName: string; isError: boolean; durationMs: number }): void;
}

export const noAudit: AuditPort = { record: () => Promise.resolve(undefined) };
export const noMetrics: MetricsRecorder = { llmCall() {}, toolCall() {} };
