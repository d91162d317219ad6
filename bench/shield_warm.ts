/** A few actions timed warm, stage by stage: `deno run -A bench/shield_warm.ts 9823,1491 1000` picks the corpus and
 * real-work actions whose payload (as JSON) has one of the given lengths, runs them in turn N times and prints each
 * one's cheapest view / Tier 0 / rules / effects in µs. For before/after pairs on the actions a change is about
 * (`bench/shield_tail.ts` lists the tail with these lengths); add `--cpu-prof` to profile just them. Run by hand. */

import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const sizes = (Deno.args[0] ?? "").split(",").filter(Boolean).map(Number);
const rounds = Number(Deno.args[1] ?? 500);
if (sizes.length === 0 || !Number.isInteger(rounds) || rounds < 1) {
  console.error("Usage: deno run -A bench/shield_warm.ts LENGTH[,LENGTH…] [ROUNDS]");
  Deno.exit(2);
}

const actions = [...await loadRealWork(), ...await loadCorpus()]
  .filter((action) => sizes.includes(JSON.stringify(action.payload).length));
const cheapest = actions.map(() => STAGES.map(() => Infinity));
for (let round = 0; round < rounds; round++) {
  actions.forEach((action, index) => {
    timeStages(action).forEach((value, stage) =>
      cheapest[index][stage] = Math.min(cheapest[index][stage], value)
    );
  });
}
console.log(`${actions.length} actions, cheapest of ${rounds} warm rounds (µs): ${STAGES.join(" / ")}`);
actions.forEach((action, index) => {
  const size = JSON.stringify(action.payload).length;
  console.log(
    `  ${action.type.padEnd(20)} ${String(size).padStart(6)}  ${
      cheapest[index].map((value) => value.toFixed(0)).join(" / ")
    }`,
  );
});
