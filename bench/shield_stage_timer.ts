/** One Shield evaluation timed stage by stage (view, Tier 0 policy, Tier 1 rules, effect profile), with the
 * default policy, as the evaluator runs them: shared by bench/shield_stages.ts and bench/shield_tail.ts. */

import { buildActionView } from "../src/shield/action_view.ts";
import { Tier0Policy } from "../src/shield/tier0_policy.ts";
import { HeuristicMatcher } from "../src/shield/heuristic_matcher.ts";
import { HEURISTIC_RULES } from "../src/shield/rules/index.ts";
import { LITERALS } from "../src/shield/literal_index.ts";
import { buildEffectProfile } from "../src/shield/effects/effect_profile.ts";
import { resolveEnvironment } from "../src/shield/environment.ts";
import { parsePolicy } from "../src/shield/policy.ts";
import { DEFAULT_POLICY_YAML } from "../src/shield/presets/default_policy.ts";
import type { EvaluationContext } from "../src/shield/evaluator.ts";
import type { Action } from "../src/shield/types.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
export const STAGES = ["view", "tier0", "rules", "effects"] as const;

const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });
const tier0 = new Tier0Policy(parsePolicy(DEFAULT_POLICY_YAML, "default"), WORKSPACE, HOME);
const matcher = new HeuristicMatcher(HEURISTIC_RULES);

/** One action's stages, in µs (in the order of STAGES). */
export function timeStages(action: Action): number[] {
  const start = performance.now();
  const view = buildActionView(action, WORKSPACE, HOME, environment.shellHome);
  const viewed = performance.now();
  tier0.evaluate({ view: () => view } as unknown as EvaluationContext);
  const policed = performance.now();
  LITERALS.forget();
  matcher.judge(view);
  const judged = performance.now();
  buildEffectProfile(view, undefined, environment);
  const profiled = performance.now();
  return [viewed - start, policed - viewed, judged - policed, profiled - judged].map((ms) => ms * 1000);
}
