/** The one interface every Shield tier implements, and what the pipeline hands each tier. */

import type { Action, Decision, EvaluationHints, TierResult } from "./types.ts";
import type { ActionView } from "./action_view.ts";

export type Tier = 0 | 1 | 2 | 3;

export interface EvaluationContext {
  action: Action;
  hints: EvaluationHints;
  actionHash: string;
  sessionId: string;
  /** The action parsed and normalised; built on first use and shared by all tiers. */
  view(): ActionView;
  /** Results of the tiers consulted so far (Tier 2 and 3 show them as context). */
  earlier: readonly TierResult[];
  /** What earlier tiers flagged: text regions that matched, and whether some text could not be judged in full. */
  findings: Findings;
  /** Aborted when the pipeline gives up on this tier (timeout). */
  signal: AbortSignal;
}

export interface Findings {
  /** Text regions (normalised, shortened) where earlier rules matched, for a later tier to look at. */
  excerpts: string[];
  /** True when an earlier tier could not judge the whole action (too large, too nested). */
  partial: boolean;
}

export interface TierOutcome {
  decision: Decision;
  reason: string;
  confidence: number;
  /** Tier 0 escalate rules: the tier to go up to. */
  escalateTo?: 2 | 3;
  /** Tier 0: an explicit allow rule matched. */
  explicitAllow?: boolean;
  /** Tier 1: a critical or high hit (an allow rule never lets this through). */
  severe?: boolean;
  /** The tier could not run (Tier 2 budget exhausted): go to the next one. */
  skipped?: boolean;
  /** Tier 1: regions of text its rules matched (shown to Tier 2). */
  excerpts?: string[];
  /** The tier judged only part of the action: no later tier may ALLOW on what it saw. */
  partial?: boolean;
}

export interface Evaluator {
  readonly tier: Tier;
  /** Upper bound the pipeline enforces; none for in-process tiers that cannot hang. */
  readonly timeoutMs?: number;
  evaluate(context: EvaluationContext): TierOutcome | Promise<TierOutcome>;
}
