/** Tier 3: a human decides. approve -> ALLOW, deny -> BLOCK, no client able to answer -> BLOCK. At most
 * maxPerHour prompts in any sliding hour (further ones are denied without asking). The pipeline bounds
 * the wait at timeoutSeconds plus a small grace, in case the requester's own timer fails. */

import type { Clock } from "../lib/clock.ts";
import type { ApprovalRequester } from "./types.ts";
import type { EvaluationContext, Evaluator, TierOutcome } from "./evaluator.ts";

export interface Tier3Options {
  requester: ApprovalRequester;
  timeoutSeconds: number;
  maxPerHour: number;
  clock: Clock;
}

const HOUR_MS = 3_600_000;
const GRACE_MS = 2_000;
const TARGET_KEYS = [
  "command",
  "path",
  "source",
  "destination",
  "url",
  "to",
  "attendees",
  "task",
  "content",
  "query",
  "id",
  "title",
];

/** The one value a human needs to see: the command, path, URL, recipient or task of the call. */
export function approvalTarget(payload: Record<string, unknown>): string {
  for (const key of TARGET_KEYS) {
    const value = payload?.[key];
    if (typeof value === "string" && value !== "") return value.slice(0, 500);
    if (Array.isArray(value) && value.length > 0) return value.map(String).join(", ").slice(0, 500);
  }
  return "";
}

export class Tier3Approval implements Evaluator {
  readonly tier = 3 as const;
  readonly timeoutMs: number;
  private readonly prompts: number[] = [];

  constructor(private readonly options: Tier3Options) {
    this.timeoutMs = options.timeoutSeconds * 1000 + GRACE_MS;
  }

  private admit(): number | undefined {
    const now = this.options.clock.now();
    while (this.prompts.length > 0 && this.prompts[0] <= now - HOUR_MS) this.prompts.shift();
    if (this.prompts.length >= this.options.maxPerHour) return undefined;
    this.prompts.push(now);
    return now;
  }

  /** A prompt nobody was shown (no client connected) does not count against the hourly limit. */
  private giveBack(at: number): void {
    const index = this.prompts.lastIndexOf(at);
    if (index >= 0) this.prompts.splice(index, 1);
  }

  async evaluate(context: EvaluationContext): Promise<TierOutcome> {
    const admitted = this.admit();
    if (admitted === undefined) {
      const limit = this.options.maxPerHour;
      return {
        decision: "BLOCK",
        reason: `Tier 3 prompt limit reached: ${limit} approvals asked in the last hour`,
        confidence: 1,
      };
    }
    const earlier = context.earlier.map((result) => `Tier ${result.tier}: ${result.reason}`).join("; ");
    const answer = await this.options.requester.request({
      actionId: context.action.actionId ?? context.actionHash.slice(0, 20),
      actionHash: context.actionHash,
      sessionId: context.sessionId,
      toolName: context.action.type,
      target: approvalTarget(context.action.payload),
      reasoning: context.hints.reasoning ? `${context.hints.reasoning} (${earlier})` : earlier,
      timeoutSecs: this.options.timeoutSeconds,
    });
    if (answer === "approve") return { decision: "ALLOW", reason: "Approved by the user", confidence: 1 };
    if (answer === "deny") return { decision: "BLOCK", reason: "Denied by the user", confidence: 1 };
    if (answer === "timeout") {
      const seconds = this.options.timeoutSeconds;
      return {
        decision: "BLOCK",
        reason: `No answer within ${seconds} seconds: denied automatically`,
        confidence: 1,
      };
    }
    this.giveBack(admitted);
    return { decision: "BLOCK", reason: "Approval unavailable: no client could answer", confidence: 1 };
  }
}
