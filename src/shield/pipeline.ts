/** The Shield pipeline: rate limit -> verdict cache -> Tier 0 -> Tier 1 -> Tier 2 -> Tier 3. The only place
 * that turns a tier's throw or timeout into a decision: BLOCK when failing closed; when failing open the
 * action goes to the human (Tier 3) or, without one, is reported ESCALATE. Tier 3 failures always BLOCK. */

import type { Clock } from "../lib/clock.ts";
import type { Action, EvaluationHints, ShieldObserver, TierResult, Verdict } from "./types.ts";
import type { EvaluationContext, Evaluator, Findings, Tier, TierOutcome } from "./evaluator.ts";
import type { ActionView } from "./action_view.ts";
import type { RateLimiter } from "./rate_limiter.ts";
import type { VerdictCache } from "./verdict_cache.ts";
import { actionHash } from "./action_hash.ts";

export interface PipelineParts {
  /** Replaced when the policy changes (a rule learned from an approval). */
  tier0: Evaluator;
  tier1?: Evaluator;
  tier2?: Evaluator;
  tier3?: Evaluator;
  rateLimiter: RateLimiter;
  cache: VerdictCache;
  failClosed: boolean;
  clock: Clock;
  observer?: ShieldObserver;
  buildView(action: Action): ActionView;
  /** Extra part of the verdict cache key (a session's history generation), when verdicts depend on more than
   * the action. */
  cacheScope?(action: Action): string;
}

type TierRun = { outcome: TierOutcome } | { error: string };

class TierTimeout extends Error {}

/** Signal handed to tiers the pipeline never times out: nothing ever aborts it. */
const NEVER_ABORTED = new AbortController().signal;

/** What one tier sees of a run; the hash and the view are computed only when a tier asks. */
class RunContext implements EvaluationContext {
  readonly action: Action;
  readonly hints: EvaluationHints;
  readonly sessionId: string;
  readonly earlier: readonly TierResult[];
  readonly findings: Findings;

  constructor(private readonly run: Run, readonly signal: AbortSignal) {
    this.action = run.action;
    this.hints = run.hints;
    this.sessionId = run.action.sessionId ?? "";
    this.earlier = run.results;
    this.findings = run.findings;
  }

  get actionHash(): string {
    return this.run.hash;
  }

  view(): ActionView {
    return this.run.view();
  }
}

/** State of one evaluation: the context every tier sees and the results so far. */
class Run {
  readonly results: TierResult[] = [];
  readonly findings: Findings = { excerpts: [], partial: false };
  failed = false;
  /** When the last tier ended: the next one starts there (one clock reading per tier boundary; a reading costs
   * about as much as judging a simple path). */
  private lastEnd?: number;
  private untimed?: RunContext;
  private built?: ActionView;
  private hashed?: string;

  constructor(
    readonly action: Action,
    readonly hints: EvaluationHints,
    private readonly parts: PipelineParts,
    hash?: string,
  ) {
    this.hashed = hash;
  }

  /** Computed on first use: only the cache and the later tiers need it. */
  get hash(): string {
    return (this.hashed ??= actionHash(this.action));
  }

  /** The action parsed and normalised, built on first use and shared by all tiers. */
  view(): ActionView {
    return (this.built ??= this.parts.buildView(this.action));
  }

  context(signal: AbortSignal): EvaluationContext {
    // Tiers the pipeline never times out share one context (its fields are this run's, read when asked).
    if (signal === NEVER_ABORTED) return this.untimed ??= new RunContext(this, signal);
    return new RunContext(this, signal);
  }

  /** Runs one tier; synchronous when the tier answers synchronously (no promise turn for in-process tiers). */
  tier(evaluator: Evaluator): TierRun | Promise<TierRun> {
    const started = this.lastEnd ?? performance.now();
    if (evaluator.timeoutMs === undefined) {
      try {
        const pending = evaluator.evaluate(this.context(NEVER_ABORTED));
        if (!(pending instanceof Promise)) return this.done(evaluator, pending, started);
        return pending.then(
          (outcome) => this.done(evaluator, outcome, started),
          (error) => this.error(evaluator, error, started),
        );
      } catch (error) {
        return this.error(evaluator, error, started);
      }
    }
    return this.timed(evaluator, started);
  }

  private async timed(evaluator: Evaluator, started: number): Promise<TierRun> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      let pending = evaluator.evaluate(this.context(controller.signal));
      if (pending instanceof Promise) {
        const limit = evaluator.timeoutMs ?? 0;
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new TierTimeout(`timed out after ${limit} ms`));
          }, limit);
        });
        pending = Promise.race([pending, timeout]);
      }
      return this.done(evaluator, pending instanceof Promise ? await pending : pending, started);
    } catch (error) {
      return this.error(evaluator, error, started);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  private done(evaluator: Evaluator, outcome: TierOutcome, started: number): TierRun {
    if (outcome.excerpts) this.findings.excerpts.push(...outcome.excerpts);
    if (outcome.partial) this.findings.partial = true;
    this.record(evaluator.tier, outcome.decision, outcome.reason, outcome.confidence, started);
    return { outcome };
  }

  private error(evaluator: Evaluator, error: unknown, started: number): TierRun {
    const message = error instanceof Error ? error.message : String(error);
    this.failed = true;
    this.record(evaluator.tier, "BLOCK", `Evaluation error: ${message}`, 0, started);
    return { error: message };
  }

  private record(
    tier: Tier,
    decision: TierResult["decision"],
    reason: string,
    confidence: number,
    started: number,
  ) {
    const ended = performance.now();
    this.lastEnd = ended;
    const elapsedMs = ended - started;
    this.results.push({ tier, decision, reason, confidence, latency_us: Math.round(elapsedMs * 1000) });
    this.parts.observer?.latency?.(tier, elapsedMs);
  }

  verdict(tier: number, outcome: Pick<TierOutcome, "decision" | "reason" | "confidence">): Verdict {
    return { ...outcome, tier, tier_results: this.results };
  }
}

export class ShieldPipeline {
  constructor(private readonly parts: PipelineParts) {}

  /** Judges from now on with another Tier 0 (a new policy); remembered verdicts are dropped. */
  replaceTier0(tier0: Evaluator): void {
    this.parts.tier0 = tier0;
    this.parts.cache.clear();
  }

  async evaluate(action: Action, hints: EvaluationHints = {}): Promise<Verdict> {
    const limited = this.parts.rateLimiter.admit(action.sessionId ?? "");
    if (limited) {
      return this.report(action, {
        decision: "BLOCK",
        tier: 0,
        reason: limited,
        confidence: 1,
        tier_results: [],
      });
    }
    const cache = this.parts.cache;
    const hash = cache.enabled ? actionHash(action) : undefined;
    // The key (and the session's history generation in it) is built only when verdicts are cached.
    const key = hash !== undefined
      ? `${hash}:${hints.minimumTier ?? 0}${this.parts.cacheScope?.(action) ?? ""}`
      : "";
    const cached = hash !== undefined ? cache.get(key) : undefined;
    if (cached) return this.report(action, cached);
    const run = new Run(action, hints, this.parts, hash);
    const decided = this.decide(run);
    const verdict = decided instanceof Promise ? await decided : decided;
    const askedHuman = run.results.some((result) => result.tier === 3);
    if (hash !== undefined && !run.failed && !askedHuman) cache.set(key, verdict);
    return this.report(action, verdict);
  }

  private report(action: Action, verdict: Verdict): Verdict {
    this.parts.observer?.verdict?.(action, verdict);
    return verdict;
  }

  /** Tiers 0 and 1, then the later ones when needed; synchronous while the tiers answer synchronously (no
   * promise turn for an in-process judgement). */
  private decide(run: Run): Verdict | Promise<Verdict> {
    const first = run.tier(this.parts.tier0);
    return first instanceof Promise
      ? first.then((done) => this.afterTier0(run, done))
      : this.afterTier0(run, first);
  }

  private afterTier0(run: Run, first: TierRun): Verdict | Promise<Verdict> {
    if ("error" in first) return this.failure(run, 0, first.error);
    const t0 = first.outcome;
    if (t0.decision === "BLOCK") return run.verdict(0, t0);
    const tier1 = this.parts.tier1;
    if (!tier1) return this.conclude(run, t0, undefined);
    const second = run.tier(tier1);
    return second instanceof Promise
      ? second.then((done) => this.conclude(run, t0, done))
      : this.conclude(run, t0, second);
  }

  /** The verdict from Tier 0's outcome and Tier 1's run (when there is a Tier 1). */
  private conclude(run: Run, t0: TierOutcome, second: TierRun | undefined): Verdict | Promise<Verdict> {
    let target = run.hints.minimumTier ?? 0;
    if (t0.decision === "ESCALATE") target = Math.max(target, t0.escalateTo ?? 2);
    let allowing: { tier: number; outcome: TierOutcome } = { tier: 0, outcome: t0 };
    if (second) {
      if ("error" in second) return this.failure(run, 1, second.error);
      const t1 = second.outcome;
      // An explicit allow rule trusts the action, but never past a critical/high heuristic hit.
      if (t1.decision === "BLOCK" && (!t0.explicitAllow || t1.severe)) return run.verdict(1, t1);
      if (!t0.explicitAllow) {
        if (t1.decision === "ESCALATE") target = Math.max(target, 2);
        if (t0.decision === "ALLOW") allowing = { tier: 1, outcome: t1 };
      }
    }
    if (target === 0) return run.verdict(allowing.tier, { ...allowing.outcome, decision: "ALLOW" });
    return this.escalate(run, target);
  }

  private async escalate(run: Run, target: number): Promise<Verdict> {
    const { tier2, tier3 } = this.parts;
    if (target <= 2 && tier2) {
      const second = await run.tier(tier2);
      if ("error" in second) return this.failure(run, 2, second.error);
      const t2 = second.outcome;
      if (!t2.skipped && t2.decision === "BLOCK") return run.verdict(2, t2);
      if (!t2.skipped && t2.decision === "ALLOW" && run.hints.minimumTier !== 3) return run.verdict(2, t2);
    }
    if (tier3) {
      const third = await run.tier(tier3);
      if ("error" in third) {
        return run.verdict(3, {
          decision: "BLOCK",
          reason: `Approval failed: ${third.error}`,
          confidence: 1,
        });
      }
      return run.verdict(3, third.outcome);
    }
    const last = run.results[run.results.length - 1];
    return run.verdict(last.tier, {
      decision: "ESCALATE",
      reason: `Needs human approval (no approver configured): ${last.reason}`,
      confidence: last.confidence ?? 0.5,
    });
  }

  private failure(run: Run, tier: Tier, message: string): Verdict | Promise<Verdict> {
    const reason = `Shield evaluation failed at Tier ${tier}: ${message}`;
    if (this.parts.failClosed) {
      return run.verdict(tier, { decision: "BLOCK", reason: `${reason} (fail-closed)`, confidence: 1 });
    }
    if (tier < 3 && this.parts.tier3) return this.escalate(run, 3);
    return run.verdict(tier, {
      decision: "ESCALATE",
      reason: `${reason} (fail-open: needs a human)`,
      confidence: 0,
    });
  }
}
