/** The median band of the bench, through `shield.evaluate` as `shield_bench.ts` times it:
 * `deno run -A bench/shield_band.ts [ROUNDS] [LOW HIGH]` picks the corpus and real-work actions whose cheapest whole
 * evaluation (4 cold rounds) lies between the LOW and HIGH fractions of their set (default 0.3 and 0.7), runs them
 * in turn ROUNDS times (cold: the others in between) and prints the p50 / p90 of their cheapest runs per set, with
 * the action types in the band. Add Deno's `--cpu-prof` to profile the band alone. Run by hand (speed round 32). */

import type { Action } from "../src/shield/types.ts";
import { benchShield, loadCorpus, loadRealWork } from "./shield_actions.ts";

const shield = benchShield();

const numbers = Deno.args.filter((arg) => !arg.startsWith("--")).map(Number);
const rounds = numbers[0] ?? 20;
const [low, high] = [numbers[1] ?? 0.3, numbers[2] ?? 0.7];

async function timeOne(action: Action): Promise<number> {
  const start = performance.now();
  await shield.evaluate(action);
  return (performance.now() - start) * 1000;
}

async function band(actions: Action[]): Promise<Action[]> {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < 4; round++) {
    for (let index = 0; index < actions.length; index++) {
      cheapest[index] = Math.min(cheapest[index], await timeOne(actions[index]));
    }
  }
  const sorted = [...cheapest].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
  const [from, to] = [at(low), at(high)];
  return actions.filter((_action, index) => cheapest[index] >= from && cheapest[index] <= to);
}

const sets: Array<[string, Action[]]> = [
  ["corpus", await band(await loadCorpus())],
  ["real_work", await band(await loadRealWork())],
];
const p = (values: number[], at: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * at))];
for (const [name, actions] of sets) {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < actions.length; index++) {
      cheapest[index] = Math.min(cheapest[index], await timeOne(actions[index]));
    }
  }
  const types = new Map<string, number>();
  for (const action of actions) types.set(action.type, (types.get(action.type) ?? 0) + 1);
  const top = [...types].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([type, count]) => `${type}=${count}`);
  console.log(
    `${name}: ${actions.length} band actions, cheapest of ${rounds}: p50 ${p(cheapest, 0.5).toFixed(1)} p90 ${
      p(cheapest, 0.9).toFixed(1)
    } p99 ${p(cheapest, 0.99).toFixed(1)} µs; ${top.join(" ")}`,
  );
}
