/** The median short shell command, timed stage by stage: `deno run -A bench/shield_median.ts [ROUNDS] [--warm]`
 * picks the corpus and real-work `execute_command` actions whose cheapest whole run lies between the 30th and 70th
 * percentile of their set, runs them in turn (cold: the others in between) or each ROUNDS times in a row (`--warm`),
 * and prints the stage p50s and the whole p50 of their cheapest runs. Add Deno's `--cpu-prof` to profile. Run by
 * hand (round 14's before/after pairs). */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const warm = Deno.args.includes("--warm");
const rounds = Number(Deno.args.find((arg) => !arg.startsWith("--")) ?? 20);
const whole = (action: Action) => timeStages(action).reduce((sum, value) => sum + value, 0);

/** The set's shell actions between its 30th and 70th percentile (cheapest of 4 cold rounds). */
function median(actions: Action[]): Action[] {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < 4; round++) {
    actions.forEach((action, index) => cheapest[index] = Math.min(cheapest[index], whole(action)));
  }
  const sorted = [...cheapest].sort((a, b) => a - b);
  const [low, high] = [sorted[Math.floor(sorted.length * 0.3)], sorted[Math.floor(sorted.length * 0.7)]];
  return actions.filter((action, index) =>
    action.type === "execute_command" && cheapest[index] >= low && cheapest[index] <= high
  );
}

const picked = [...median(await loadCorpus()), ...median(await loadRealWork())];
const cheapest = picked.map(() => STAGES.map(() => Infinity));
const keep = (action: Action, index: number) =>
  timeStages(action).forEach((value, stage) =>
    cheapest[index][stage] = Math.min(cheapest[index][stage], value)
  );
if (warm) {
  picked.forEach((action, index) => {
    for (let round = 0; round < rounds; round++) keep(action, index);
  });
} else {
  for (let round = 0; round < rounds; round++) picked.forEach(keep);
}
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const stages = STAGES.map((_name, stage) => p50(cheapest.map((values) => values[stage])));
const totals = p50(cheapest.map((values) => values.reduce((sum, value) => sum + value, 0)));
console.log(
  `${picked.length} median shell actions, cheapest of ${rounds} ${
    warm ? "runs in a row (warm)" : "cold rounds"
  }, ` +
    "p50 µs: " + STAGES.map((name, stage) => `${name} ${stages[stage].toFixed(1)}`).join(" ") +
    ` whole ${totals.toFixed(1)}`,
);
