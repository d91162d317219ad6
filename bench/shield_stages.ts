/** Where Shield's Tier 0+1 time goes, stage by stage: `deno run -A bench/shield_stages.ts` times, per action of the
 * corpus and of the real-work benign set (../shared/corpora/benign-dev, when present), the view (parse, paths,
 * decoded variants), Tier 0's policy, Tier 1's rules and the effect profile, each action's cheapest of several
 * rounds, and prints p50/p90/p99 per stage plus each stage's share of the slowest 1 % of actions, then the whole
 * run cold (after the set's other actions) and warm (alternating with one other action). A diagnostic run
 * by hand (not by `deno task bench`); figures are wall time on a shared machine. */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const ROUNDS = 8;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function report(label: string, actions: Action[]): void {
  const cheapest = actions.map(() => STAGES.map(() => Infinity));
  for (let round = 0; round < ROUNDS; round++) {
    actions.forEach((action, index) => {
      timeStages(action).forEach((value, stage) => {
        cheapest[index][stage] = Math.min(cheapest[index][stage], value);
      });
    });
  }
  const totals = cheapest.map((stages) => stages.reduce((sum, value) => sum + value, 0));
  console.log(`${label}: ${actions.length} actions, cheapest of ${ROUNDS} rounds per stage (µs)`);
  STAGES.forEach((name, stage) => {
    const sorted = cheapest.map((stages) => stages[stage]).sort((a, b) => a - b);
    const [p50, p90, p99] = [0.5, 0.9, 0.99].map((p) => percentile(sorted, p).toFixed(1));
    console.log(`${label}_${name} p50 ${p50} p90 ${p90} p99 ${p99}`);
  });
  const sortedTotals = [...totals].sort((a, b) => a - b);
  console.log(
    `${label}_sum p50 ${percentile(sortedTotals, 0.5).toFixed(1)} p99 ${
      percentile(sortedTotals, 0.99).toFixed(1)
    }`,
  );
  const slowest = totals.map((total, index) => [total, index]).sort((a, b) => b[0] - a[0])
    .slice(0, Math.max(1, Math.ceil(actions.length / 100))).map(([, index]) => index);
  const shares = STAGES.map((_name, stage) =>
    slowest.reduce((sum, index) => sum + cheapest[index][stage], 0)
  );
  const all = shares.reduce((sum, value) => sum + value, 0);
  console.log(
    `${label}_slowest_1pct ${slowest.length} actions, mean ${(all / slowest.length).toFixed(0)} µs: ` +
      STAGES.map((name, stage) => `${name} ${(100 * shares[stage] / all).toFixed(0)}%`).join(" "),
  );
}

/** Each action's cheapest whole run (all four stages) when the actions follow one another (cold: the set's other
 * actions ran in between) and when it alternates with the next action only (warm: two actions' code and data stay
 * in the caches). The gap is what falling out of the caches costs. */
function reportWarmth(label: string, actions: Action[]): void {
  const whole = (action: Action) => timeStages(action).reduce((sum, value) => sum + value, 0);
  const cold = actions.map(() => Infinity);
  const warm = actions.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    actions.forEach((action, index) => cold[index] = Math.min(cold[index], whole(action)));
    actions.forEach((action, index) => {
      const next = actions[(index + 1) % actions.length];
      for (let k = 0; k < 4; k++) [whole(next), warm[index] = Math.min(warm[index], whole(action))];
    });
  }
  const show = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [0.5, 0.9, 0.99].map((p) => percentile(sorted, p).toFixed(1)).join(" / ");
  };
  console.log(`${label}_cold p50/p90/p99 ${show(cold)}  ${label}_warm_pair ${show(warm)}`);
}

report("corpus", await loadCorpus());
reportWarmth("corpus", await loadCorpus());
const realWork = await loadRealWork();
if (realWork.length > 0) report("benign_dev", realWork);
if (realWork.length > 0) reportWarmth("benign_dev", realWork);
