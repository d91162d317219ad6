/** Two checkouts' Shields on the slow tail only, in one process: `deno run -A bench/shield_tail_ab.ts OTHER_CHECKOUT
 * [ROUNDS] [SHARE]` takes the slowest SHARE (default 3 %) of the corpus and of the real-work set (by the other
 * checkout's cheapest of 3 rounds over every action, both sides run in them), then times only those, ROUNDS rounds
 * (default 40) with the sides in turn, and prints each side's mean per stage of the actions' cheapest runs. The
 * tail is a few dozen actions, so many rounds fit where `shield_ab.ts` over every action fits a few: on a loaded
 * machine the cheapest of 40 filters out more of the other processes. Run by hand, from each side in turn. */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

type Timer = (action: Action) => number[];

const [other, roundsText = "40", shareText = "0.03"] = Deno.args;
if (!other) {
  console.error("Usage: deno run -A bench/shield_tail_ab.ts OTHER_CHECKOUT [ROUNDS] [SHARE]");
  Deno.exit(2);
}
const otherTimer: Timer =
  (await import(`${other.replace(/\/$/, "")}/bench/shield_stage_timer.ts`)).timeStages;
const rounds = Number(roundsText);
const share = Number(shareText);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The slowest `share` of `actions` by the other side's cheapest whole run of 3 (this side run alongside). */
function tailOf(actions: Action[]): Action[] {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < 3; round++) {
    actions.forEach((action, index) => {
      timeStages(action);
      cheapest[index] = Math.min(cheapest[index], sum(otherTimer(action)));
    });
  }
  return actions.map((_action, index) => index).sort((a, b) => cheapest[b] - cheapest[a])
    .slice(0, Math.ceil(actions.length * share)).map((index) => actions[index]);
}

const sets = { corpus: await loadCorpus(), "real work": await loadRealWork() };
console.log(
  `load ${Deno.loadavg().map((value) => value.toFixed(1)).join(" ")}; stages ${STAGES.join(" / ")}`,
);
for (const [name, actions] of Object.entries(sets)) {
  if (actions.length === 0) continue;
  const tail = tailOf(actions);
  const timers = [timeStages, otherTimer];
  const best = timers.map(() => tail.map(() => STAGES.map(() => Infinity)));
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
      tail.forEach((action, index) =>
        timers[side](action).forEach((value, stage) =>
          best[side][index][stage] = Math.min(best[side][index][stage], value)
        )
      );
    }
  }
  for (const side of [0, 1]) {
    const means = STAGES.map((_stage, stage) => sum(best[side].map((stages) => stages[stage])) / tail.length);
    console.log(
      `  ${name} tail (${tail.length}) ${side === 0 ? "this " : "other"} mean µs ${
        means.map((value) => value.toFixed(1)).join(" / ")
      }, whole ${sum(means).toFixed(1)}`,
    );
  }
}
