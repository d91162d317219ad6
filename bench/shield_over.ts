/** Shield's actions over the p99 goal: `deno run -A bench/shield_over.ts` times every corpus and real-work action
 * stage by stage (cheapest of several rounds, cold: the set's other actions in between), lists those over 100 µs by
 * kind (tool, written extension, payload size) with their stage sums, and with `loop N [KIND]` runs only those
 * (of one kind, when given) N times, for `--cpu-prof`. Run by hand. */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const ROUNDS = 8;
const GOAL_US = 100;

/** Tool, written extension and a size bucket. */
export function kindOf(action: Action): string {
  const payload = (action.payload ?? {}) as Record<string, unknown>;
  const path = String(payload.path ?? payload.file_path ?? "");
  const extension = /write|edit/i.test(action.type) ? (path.match(/\.[A-Za-z0-9]+$/)?.[0] ?? "") : "";
  const size = JSON.stringify(payload).length;
  const bucket = size < 200 ? "<200B" : size < 1000 ? "<1KB" : size < 5000 ? "<5KB" : ">=5KB";
  return `${action.type}${extension}:${bucket}`;
}

/** Each action's cheapest stage times over ROUNDS cold rounds. */
function cheapestStages(actions: Action[]): number[][] {
  const cheapest = actions.map(() => STAGES.map(() => Infinity));
  for (let round = 0; round < ROUNDS; round++) {
    actions.forEach((action, index) => {
      timeStages(action).forEach((value, stage) =>
        cheapest[index][stage] = Math.min(cheapest[index][stage], value)
      );
    });
  }
  return cheapest;
}

function overGoal(actions: Action[]): Array<{ action: Action; stages: number[] }> {
  const cheapest = cheapestStages(actions);
  return actions.map((action, index) => ({ action, stages: cheapest[index] }))
    .filter(({ stages }) => stages.reduce((sum, value) => sum + value, 0) > GOAL_US);
}

function report(label: string, actions: Action[]): void {
  const over = overGoal(actions);
  const kinds = new Map<string, { count: number; chars: number; stages: number[] }>();
  for (const { action, stages } of over) {
    const kind = kindOf(action);
    const entry = kinds.get(kind) ?? { count: 0, chars: 0, stages: STAGES.map(() => 0) };
    entry.count++;
    entry.chars += JSON.stringify(action.payload ?? {}).length;
    stages.forEach((value, stage) => entry.stages[stage] += value);
    kinds.set(kind, entry);
  }
  console.log(
    `${label}: ${over.length} of ${actions.length} over ${GOAL_US} µs (cheapest of ${ROUNDS} cold rounds)`,
  );
  console.log(`  ${"kind".padEnd(30)} count  mean chars  mean µs: ${STAGES.join(" / ")}`);
  for (const [kind, { count, chars, stages }] of [...kinds].sort((a, b) => b[1].count - a[1].count)) {
    console.log(
      `  ${kind.padEnd(30)} ${String(count).padStart(5)} ${String(Math.round(chars / count)).padStart(11)}  ${
        stages.map((value) => (value / count).toFixed(0)).join(" / ")
      }`,
    );
  }
}

if (import.meta.main) {
  const corpus = await loadCorpus();
  const realWork = await loadRealWork();
  if (Deno.args[0] === "loop") loop(corpus, realWork);
  else {
    report("corpus", corpus);
    report("benign_dev", realWork);
  }
}

function loop(corpus: Action[], realWork: Action[]): void {
  const times = Number(Deno.args[1] ?? 100);
  const kind = Deno.args[2];
  const over = [...overGoal(corpus), ...overGoal(realWork)].map((entry) => entry.action)
    .filter((action) => !kind || kindOf(action).startsWith(kind));
  const start = performance.now();
  for (let round = 0; round < times; round++) for (const action of over) timeStages(action);
  console.log(
    `${over.length} actions × ${times}: ${
      ((performance.now() - start) * 1000 / times / over.length).toFixed(0)
    } µs each`,
  );
}
