/** Shield's slow tail: `deno run -A bench/shield_tail.ts` finds the slowest 2 % of the corpus and of the real-work
 * benign set (whole Tier 0+1 run: view, Tier 0, rules, effects; cheapest of several rounds), lists each with its
 * tool, size and per-stage time in µs and ns per character, then sums where the tail's time goes. With `loop N` it
 * only runs those actions N times (for `deno run -A --cpu-prof bench/shield_tail.ts loop 300`). Run by hand. */

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
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const ROUNDS = 6;
const SHARE = 0.02;
const STAGES = ["view", "tier0", "rules", "effects"] as const;

const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });
const tier0 = new Tier0Policy(parsePolicy(DEFAULT_POLICY_YAML, "default"), WORKSPACE, HOME);
const matcher = new HeuristicMatcher(HEURISTIC_RULES);

/** One action's stages, in µs. */
function timeStages(action: Action): number[] {
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

/** A short name for the action's kind: its tool, and for file writes the extension. */
function kindOf(action: Action): string {
  const payload = action.payload as Record<string, unknown>;
  const path = typeof payload?.path === "string" ? payload.path : "";
  const extension = path.match(/\.(\w+)$/)?.[1];
  return extension ? `${action.type} .${extension}` : action.type;
}

/** The slowest SHARE of `actions` with their cheapest stage times. */
function slowestOf(actions: Action[]): Array<{ action: Action; stages: number[]; total: number }> {
  const cheapest = actions.map(() => STAGES.map(() => Infinity));
  for (let round = 0; round < ROUNDS; round++) {
    actions.forEach((action, index) => {
      timeStages(action).forEach((value, stage) =>
        cheapest[index][stage] = Math.min(cheapest[index][stage], value)
      );
    });
  }
  return actions.map((action, index) => ({
    action,
    stages: cheapest[index],
    total: cheapest[index].reduce((sum, value) => sum + value, 0),
  })).sort((a, b) => b.total - a.total).slice(0, Math.max(1, Math.ceil(actions.length * SHARE)));
}

function report(label: string, actions: Action[]): void {
  const slowest = slowestOf(actions);
  console.log(`${label}: slowest ${slowest.length} of ${actions.length} (cheapest of ${ROUNDS} rounds, µs)`);
  console.log(
    `  ${"kind".padEnd(34)} ${"chars".padStart(6)} ${
      "total".padStart(7)
    }  ns/char  view / tier0 / rules / effects`,
  );
  let chars = 0;
  const sums = STAGES.map(() => 0);
  for (const { action, stages, total } of slowest) {
    const size = JSON.stringify(action.payload).length;
    chars += size;
    stages.forEach((value, stage) => sums[stage] += value);
    console.log(
      `  ${kindOf(action).slice(0, 34).padEnd(34)} ${String(size).padStart(6)} ${
        total.toFixed(0).padStart(7)
      }  ${(total * 1000 / size).toFixed(0).padStart(7)}  ${
        stages.map((value) => value.toFixed(0)).join(" / ")
      }`,
    );
  }
  const all = sums.reduce((sum, value) => sum + value, 0);
  console.log(
    `  ${label}_tail ${chars} chars, ${(all * 1000 / chars).toFixed(0)} ns/char: ` +
      STAGES.map((name, stage) =>
        `${name} ${(sums[stage] * 1000 / chars).toFixed(0)} ns/char (${
          (100 * sums[stage] / all).toFixed(0)
        } %)`
      )
        .join(", "),
  );
}

const corpus = await loadCorpus();
const realWork = await loadRealWork();
if (Deno.args[0] === "loop") {
  const tail = [...slowestOf(corpus), ...slowestOf(realWork)].map((entry) => entry.action);
  const times = Number(Deno.args[1] ?? 200);
  const start = performance.now();
  for (let round = 0; round < times; round++) for (const action of tail) timeStages(action);
  console.log(
    `${tail.length} tail actions × ${times}: ${
      ((performance.now() - start) * 1000 / times / tail.length).toFixed(0)
    } µs each`,
  );
} else {
  report("corpus", corpus);
  if (realWork.length > 0) report("benign_dev", realWork);
}
