/** Shield's slow tail: `deno run -A bench/shield_tail.ts` finds the slowest 2 % of the corpus and of the real-work
 * benign set (whole Tier 0+1 run: view, Tier 0, rules, effects; cheapest of several rounds), lists each with its
 * tool, size and per-stage time in µs and ns per character, then sums where the tail's time goes. With `loop N` it
 * only runs those actions N times (for `deno run -A --cpu-prof bench/shield_tail.ts loop 300`). Run by hand. */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const ROUNDS = 6;
const SHARE = 0.02;

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
