/** Builds a Shield from options: the tiers, rate limiter and verdict cache wired into one pipeline. */

import type { Clock } from "../lib/clock.ts";
import type {
  Action,
  ApprovalRequester,
  BudgetCounter,
  EvaluationHints,
  ShieldObserver,
  Tier2Client,
  Verdict,
} from "./types.ts";
import type { Policy } from "./policy.ts";
import { ShieldPipeline } from "./pipeline.ts";
import { Tier0Policy } from "./tier0_policy.ts";
import { Tier1Heuristic } from "./tier1_heuristic.ts";
import { Tier2Evaluator } from "./tier2_evaluator.ts";
import { Tier3Approval } from "./tier3_approval.ts";
import { ClassifierSidecar } from "./classifier_sidecar.ts";
import { RateLimiter } from "./rate_limiter.ts";
import { VerdictCache } from "./verdict_cache.ts";
import { buildActionView } from "./action_view.ts";
import { actionHash } from "./action_hash.ts";
import { resolveEnvironment } from "./environment.ts";
import { SessionHistory } from "./session_history.ts";

export interface ShieldOptions {
  /** Absolute workspace path: relative paths in actions resolve against it. */
  workspace: string;
  /** Home directory: `~` expands to it. */
  home: string;
  /** HOME of shell commands (default the workspace, as the shell tool sets it): `~` in commands means both. */
  shellHome?: string;
  /** The engine's control files and folders (default: config.yaml and security/ beside the workspace, and
   * `<workspace>/.engine`): changing them is blocked, reading them escalates. */
  controlPaths?: string[];
  /** Loopback ports of the engine's API (default 3100): calls to them are blocked. */
  enginePorts?: number[];
  /** Recipients the user writes to freely (globs over addresses, numbers, names). */
  contacts?: string[];
  /** Hosts that may receive data without a prompt, beyond the package registries and source hosts. */
  allowedDomains?: string[];
  /** Owners of the workspace repository's remotes on source hosts (`northwind` of `github.com/northwind/web`):
   * code from an owner one letter from them asks. Default none. */
  ownOwners?: string[];
  /** Absolute roots read as the workspace itself (`environment.ts`): the standalone evaluator's, never the engine's. */
  checkoutAliases?: string[];
  policy: Policy;
  heuristicEnabled: boolean;
  /** The learned escalation model on top of the rules and the effect profile (`effects/learned_model.ts`; default
   * on). Tables that pin the rules' own verdicts turn it off. */
  learnedModel?: boolean;
  classifier?: {
    enabled: boolean;
    /** "host:port" of the sidecar. */
    addr: string;
    threshold: number;
    skipTypes: string[];
    fetch: typeof fetch;
    timeoutMs: number;
  };
  tier2?: { client: Tier2Client; budget: BudgetCounter; dailyBudget: number; timeoutMs: number };
  tier3?: { requester: ApprovalRequester; timeoutSeconds: number; maxPerHour: number };
  /** true: an evaluation error is BLOCK. false: it goes to the human (Tier 3), or is reported ESCALATE. */
  failClosed: boolean;
  /** Actions a minute per session (0 = off). */
  rateLimitPerMinute: number;
  /** Actions a minute across all sessions; default 10 × rateLimitPerMinute. */
  globalRateLimitPerMinute?: number;
  /** Seconds a verdict stays cached by action hash (0 = no cache). */
  verdictTtlSeconds: number;
  clock: Clock;
  observer?: ShieldObserver;
}

export interface Shield {
  evaluate(action: Action, hints?: EvaluationHints): Promise<Verdict>;
  actionHash(action: Action): string;
  /** Applies a changed policy (such as one with a newly learned rule) to every later evaluation. */
  updatePolicy(policy: Policy): void;
}

export function createShield(options: ShieldOptions): Shield {
  const environment = resolveEnvironment(options);
  const history = new SessionHistory();
  const classifier = options.classifier?.enabled ? new ClassifierSidecar(options.classifier) : undefined;
  const pipeline = new ShieldPipeline({
    tier0: new Tier0Policy(options.policy, options.workspace, options.home),
    tier1: options.heuristicEnabled || classifier
      ? new Tier1Heuristic({
        heuristicEnabled: options.heuristicEnabled,
        learnedModel: options.learnedModel ?? true,
        classifier,
        environment,
        history,
      })
      : undefined,
    tier2: options.tier2 ? new Tier2Evaluator(options.tier2) : undefined,
    tier3: options.tier3 ? new Tier3Approval({ ...options.tier3, clock: options.clock }) : undefined,
    rateLimiter: new RateLimiter(
      options.rateLimitPerMinute,
      options.globalRateLimitPerMinute ?? options.rateLimitPerMinute * 10,
      options.clock,
    ),
    cache: new VerdictCache(options.verdictTtlSeconds, options.clock),
    failClosed: options.failClosed,
    clock: options.clock,
    observer: options.observer,
    buildView: (action) =>
      buildActionView(
        action,
        options.workspace,
        options.home,
        environment.shellHome,
        environment.checkoutAliases,
      ),
    // A session's history changes what its actions mean: its verdicts are cached per history generation.
    cacheScope: (action) => {
      const generation = history.generation(action.sessionId ?? "");
      return generation === 0 ? "" : `:${action.sessionId}:${generation}`;
    },
  });
  return {
    evaluate: (action, hints) => pipeline.evaluate(action, hints),
    actionHash,
    updatePolicy: (policy) => pipeline.replaceTier0(new Tier0Policy(policy, options.workspace, options.home)),
  };
}
