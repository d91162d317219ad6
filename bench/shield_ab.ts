/** Two checkouts' Shields timed stage by stage in one process, round by round in turn, so the machine's load falls
 * on both alike: `deno run -A bench/shield_ab.ts OTHER_CHECKOUT [ROUNDS] [median|all|sets]` (OTHER_CHECKOUT holds
 * `bench/` and `src/`, e.g. `git archive main src bench | tar -x -C /tmp/main`). `median` (the default) takes the
 * `execute_command` actions between the 30th and 70th percentile of the corpus and the real-work set; `all` every
 * action; `sets` every action, with each set's effect and whole percentiles too. Prints each side's stage p50s
 * of the actions' cheapest runs (cold: the set's other actions in between). Run by hand for before/after pairs on
 * a shared machine. */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

type Timer = (action: Action) => number[];

const [other, roundsText = "20", which = "median"] = Deno.args;
if (!other) {
  console.error("Usage: deno run -A bench/shield_ab.ts OTHER_CHECKOUT [ROUNDS] [median|all|sets]");
  Deno.exit(2);
}
const otherTimer: Timer =
  (await import(`${other.replace(/\/$/, "")}/bench/shield_stage_timer.ts`)).timeStages;
const rounds = Number(roundsText);
const whole = (timer: Timer, action: Action) => timer(action).reduce((sum, value) => sum + value, 0);

/** The set's shell actions between its 30th and 70th percentile (this checkout's cheapest of 4 cold rounds). */
function median(actions: Action[]): Action[] {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < 4; round++) {
    actions.forEach((action, index) =>
      cheapest[index] = Math.min(cheapest[index], whole(timeStages, action))
    );
  }
  const sorted = [...cheapest].sort((a, b) => a - b);
  const [low, high] = [sorted[Math.floor(sorted.length * 0.3)], sorted[Math.floor(sorted.length * 0.7)]];
  return actions.filter((action, index) =>
    action.type === "execute_command" && cheapest[index] >= low && cheapest[index] <= high
  );
}

const sets = [await loadCorpus(), await loadRealWork()];
const wholeSets = which === "all" || which === "sets";
const picked = wholeSets ? sets.flat() : sets.flatMap(median);
// The other side meets the same actions as this one did while picking (every action, 4 rounds): without it, the
// side that alone ran them carried their type feedback into the timed rounds, and two copies of one checkout differed
// by 3 to 4 % (this side the slower).
if (!wholeSets) {
  for (let round = 0; round < 4; round++) sets.flat().forEach((action) => otherTimer(action));
}
const sides: Array<[string, Timer]> = [["other", otherTimer], ["this", timeStages]];
const cheapest = sides.map(() => picked.map(() => STAGES.map(() => Infinity)));
for (let round = 0; round < rounds; round++) {
  // The side that runs first alternates, so neither always follows the other's cache state.
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const side of order) {
    picked.forEach((action, index) => {
      sides[side][1](action).forEach((value, stage) =>
        cheapest[side][index][stage] = Math.min(cheapest[side][index][stage], value)
      );
    });
  }
}
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${picked.length} actions (${which}), cheapest of ${rounds} cold rounds per side, p50 µs:`);
if (which === "sets") reportSets();
sides.forEach(([name], side) => {
  const stages = STAGES.map((_stage, stage) => p50(cheapest[side].map((values) => values[stage])));
  const totals = p50(cheapest[side].map((values) => values.reduce((sum, value) => sum + value, 0)));
  console.log(
    `  ${name.padEnd(5)} ` + STAGES.map((stage, k) => `${stage} ${stages[k].toFixed(1)}`).join(" ") +
      ` whole ${totals.toFixed(1)}`,
  );
});

/** `sets`: per set (the corpus, real work), each side's effect stage p50 / p90 / p99 and whole p50 / p99. */
function reportSets(): void {
  const at = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1);
  };
  let start = 0;
  ["corpus", "real work"].forEach((label, set) => {
    const count = sets[set].length;
    sides.forEach(([name], side) => {
      const rows = cheapest[side].slice(start, start + count);
      const effects = rows.map((values) => values[STAGES.indexOf("effects")]);
      const totals = rows.map((values) => values.reduce((sum, value) => sum + value, 0));
      console.log(
        `  ${label} (${count}) ${name.padEnd(5)} effects p50 ${at(effects, 0.5)} p90 ${
          at(effects, 0.9)
        } p99 ${at(effects, 0.99)}  whole p50 ${at(totals, 0.5)} p99 ${at(totals, 0.99)}`,
      );
    });
    start += count;
  });
}
