/** Tier 1: heuristic rules over the normalised action, then (optionally) the ML classifier sidecar.
 * critical/high hits BLOCK, medium hits ESCALATE, low hits only lower confidence; low confidence escalates. */

import type { EvaluationContext, Evaluator, TierOutcome } from "./evaluator.ts";
import { HeuristicMatcher, type RuleHit } from "./heuristic_matcher.ts";
import { HEURISTIC_RULES } from "./rules/index.ts";
import type { HeuristicRule } from "./rules/rule.ts";
import type { ClassifierSidecar } from "./classifier_sidecar.ts";
import type { ShieldEnvironment } from "./environment.ts";
import { buildEffectProfile } from "./effects/effect_profile.ts";
import { decideFromProfile } from "./effects/effect_decision.ts";
import { exemptHits } from "./rule_exemptions.ts";
import { readHost } from "./effects/hosts.ts";
import { ordinaryHost } from "./effects/fetched_code.ts";
import type { SessionHistory } from "./session_history.ts";
import { type ActionView, buildActionView } from "./action_view.ts";
import { LITERALS } from "./literal_index.ts";
import { learnedEscalation } from "./effects/learned_model.ts";

/** Tools that fetch an address (our vocabulary). */
const REQUEST_TOOLS = new Set(["http_request", "browser_navigate"]);
/** ALLOW confidence below this escalates. */
const MIN_ALLOW_CONFIDENCE = 0.6;
const LOW_HIT_PENALTY = 0.15;

export interface Tier1Options {
  heuristicEnabled: boolean;
  /** Ask the learned model about what the rules and the profile allow (it can only escalate). */
  learnedModel?: boolean;
  /** What earlier actions of each session set up (remotes, scripts, downloads); absent: each action alone. */
  history?: SessionHistory;
  /** Where actions run: the effect profile needs it (no effect judgement without it). */
  environment?: ShieldEnvironment;
  classifier?: ClassifierSidecar;
  rules?: readonly HeuristicRule[];
}

function describe(hits: RuleHit[]): string {
  const shown = hits.slice(0, 3).map((hit) => `${hit.rule.id} (${hit.rule.description})`);
  return shown.join("; ") + (hits.length > 3 ? `; and ${hits.length - 3} more` : "");
}

/** Combines rule hits into one outcome. */
export function combineHits(
  hits: RuleHit[],
  view: { oversized: boolean; truncatedShell: boolean },
  skipped: readonly HeuristicRule[] = [],
): TierOutcome {
  const excerpts = hits.length > 0 ? hits.slice(0, 10).map((hit) => hit.excerpt) : undefined;
  return { ...combine(hits, view, skipped), excerpts };
}

/** The outcome of no hit at all (most actions): what combine's steps come to without a hit. */
const NO_HIT: TierOutcome = { decision: "ALLOW", reason: "No heuristic rule matched", confidence: 0.95 };

function combine(
  hits: RuleHit[],
  view: { oversized: boolean; truncatedShell: boolean },
  skipped: readonly HeuristicRule[],
): TierOutcome {
  if (hits.length === 0 && !view.oversized && !view.truncatedShell && skipped.length === 0) {
    return { ...NO_HIT };
  }
  const bySeverity = (severity: string) => hits.filter((hit) => hit.rule.severity === severity);
  const severe = [...bySeverity("critical"), ...bySeverity("high")];
  if (severe.length > 0) {
    const base = bySeverity("critical").length > 0 ? 0.97 : 0.9;
    const confidence = Math.min(0.99, base + 0.02 * (hits.length - 1));
    return { decision: "BLOCK", reason: `Heuristic match: ${describe(severe)}`, confidence, severe: true };
  }
  const medium = bySeverity("medium");
  if (view.oversized || view.truncatedShell || skipped.length > 0) {
    const what = view.oversized
      ? "payload larger than the scan limit"
      : view.truncatedShell
      ? "shell command too large or nested"
      : `text too large for rule ${skipped[0].id} to run within its cost bound`;
    return { decision: "ESCALATE", reason: `Not fully judged: ${what}`, confidence: 0.5, partial: true };
  }
  if (medium.length > 0) {
    const confidence = Math.min(0.9, 0.6 + 0.05 * (hits.length - 1));
    return { decision: "ESCALATE", reason: `Needs judgement: ${describe(medium)}`, confidence };
  }
  const low = bySeverity("low");
  const confidence = Math.max(0, 0.95 - LOW_HIT_PENALTY * low.length);
  if (confidence < MIN_ALLOW_CONFIDENCE) {
    return { decision: "ESCALATE", reason: `Low confidence: ${describe(low)}`, confidence };
  }
  const reason = low.length > 0 ? `Minor signals only: ${describe(low)}` : "No heuristic rule matched";
  return { decision: "ALLOW", reason, confidence };
}

/** The rules' outcome and the effect profile's: a block from either blocks, an escalation from either escalates. */
export function combineWithEffects(rules: TierOutcome, effects: TierOutcome): TierOutcome {
  // What the rules saw (matched regions, a partial judgement) stays with the outcome for the later tiers.
  const seen = { excerpts: rules.excerpts, partial: rules.partial };
  if (effects.decision === "BLOCK") return { ...effects, ...seen };
  if (effects.decision === "ESCALATE") {
    if (rules.decision !== "ESCALATE") return { ...effects, ...seen };
    return { ...rules, reason: `${rules.reason}; ${effects.reason}` };
  }
  return rules;
}

export class Tier1Heuristic implements Evaluator {
  readonly tier = 1 as const;
  readonly timeoutMs?: number;
  private readonly matcher: HeuristicMatcher;

  constructor(private readonly options: Tier1Options) {
    this.matcher = new HeuristicMatcher(options.rules ?? HEURISTIC_RULES);
    this.timeoutMs = options.classifier ? options.classifier.timeoutMs + 100 : undefined;
  }

  /** The rules' and the effect profile's outcome for one view. */
  private judgeView(view: ActionView, action?: EvaluationContext["action"]): TierOutcome {
    // The rules and the effect profile share one scan of each text of this view; earlier views' are dropped.
    LITERALS.forget();
    const { hits, skipped } = this.matcher.judge(view);
    const environment = this.options.environment;
    const allowed = environment
      ? (url: string) => {
        const host = readHost(url, environment);
        return host !== undefined && ordinaryHost(host);
      }
      : undefined;
    const rules = combineHits(exemptHits(hits, view, allowed), view, skipped);
    if (!environment || rules.decision === "BLOCK") return rules;
    const profile = buildEffectProfile(view, action?.annotations, environment);
    const outcome = combineWithEffects(rules, decideFromProfile(profile));
    if (outcome.decision !== "ALLOW" || !action || !this.options.learnedModel) return outcome;
    // What nothing else stopped, the learned model may still send to a human (it never blocks).
    // A request whose every address is an allowed host (registries, forges, loopback, config's domains) is the
    // rules' and the profile's to judge: the model would read a large ordinary body as words alone.
    if (REQUEST_TOOLS.has(view.type) && view.urls.length > 0 && view.urls.every((url) => allowed!(url))) {
      return outcome;
    }
    const reason = learnedEscalation(
      view.type,
      view.tool,
      view.calledPayload,
      profile.recipients,
      environment,
    );
    return reason === undefined ? outcome : { decision: "ESCALATE", reason, confidence: 0.6 };
  }

  private judged(context: EvaluationContext): TierOutcome {
    const view = context.view();
    const outcome = this.judgeView(view, context.action);
    const { history, environment } = this.options;
    if (!history || !environment || context.sessionId === "" || outcome.decision === "BLOCK") return outcome;
    const withHistory = combineWithEffects(outcome, this.judgeHistory(context.sessionId, view, environment));
    if (withHistory.decision !== "BLOCK") history.record(context.sessionId, view, environment);
    return withHistory;
  }

  /** Earlier actions of the session weighed in: pushes to remotes added toward outside hosts, downloads run now,
   * and scripts the session wrote judged as the commands they become when this action runs them. */
  private judgeHistory(sessionId: string, view: ActionView, environment: ShieldEnvironment): TierOutcome {
    const history = this.options.history!;
    const found = history.judge(sessionId, view, environment);
    for (const script of history.scriptsRun(sessionId, view, environment).slice(0, 4)) {
      const ran = this.judgeView(
        buildActionView(
          { type: "execute_command", payload: { command: script } },
          environment.workspace,
          environment.home,
          environment.shellHome,
        ),
        undefined,
      );
      if (ran.decision !== "ALLOW") {
        found.push({
          level: ran.decision === "BLOCK" ? "block" : "escalate",
          detail: `runs a script written earlier in this session that ${
            ran.reason.replace(/^[A-Z]/, (c) => c.toLowerCase())
          }`,
        });
      }
    }
    const blocking = found.filter((finding) => finding.level === "block");
    if (blocking.length > 0) {
      return { decision: "BLOCK", reason: `Effect: ${blocking[0].detail}`, confidence: 0.95, severe: true };
    }
    if (found.length > 0) {
      return { decision: "ESCALATE", reason: `Effect needs approval: ${found[0].detail}`, confidence: 0.7 };
    }
    return { decision: "ALLOW", reason: "No earlier action bears on this one", confidence: 0.9 };
  }

  evaluate(context: EvaluationContext): TierOutcome | Promise<TierOutcome> {
    const view = context.view();
    const outcome = this.options.heuristicEnabled
      ? this.judged(context)
      : { decision: "ALLOW" as const, reason: "Heuristics disabled", confidence: 0.5 };
    const classifier = this.options.classifier;
    if (!classifier || outcome.decision === "BLOCK" || !classifier.appliesTo(context.action.type)) {
      return outcome;
    }
    return classifier.classify(context.action, view, context.signal).then((verdict) => {
      if (verdict === undefined) return outcome;
      if (verdict.decision === "BLOCK" || outcome.decision === "ALLOW") return verdict;
      return outcome;
    });
  }
}
