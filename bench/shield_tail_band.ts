/** The tail band of each set, stage by stage: `deno run -A bench/shield_tail_band.ts [LOW] [HIGH] [loop N]` takes
 * the corpus and real-work actions whose cheapest whole Tier 0+1 run (view, Tier 0, rules, effects; 6 cold rounds)
 * lies between the LOW and HIGH fractions of their set (default 0.85 and 1: the actions that make p90 and p99), and
 * prints per set and per kind (tool, and for files the extension) their count, characters and stage means in µs.
 * With `loop N` it only runs the band N times in turn (for `deno run -A --cpu-prof`). Run by hand (speed round 40). */

import type { Action } from "../src/shield/types.ts";
import { STAGES, timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const ROUNDS = 6;
const args = Deno.args.filter((arg) => arg !== "loop");
const loop = Deno.args.includes("loop");
const [low, high] = [Number(args[0] ?? 0.85), Number(args[1] ?? 1)];
const times = Number(args[2] ?? 200);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function kindOf(action: Action): string {
  const payload = action.payload as Record<string, unknown>;
  const path = typeof payload?.path === "string" ? payload.path : "";
  const extension = path.match(/\.(\w+)$/)?.[1];
  return extension ? `${action.type} .${extension}` : action.type;
}

/** The band's actions with their cheapest stage times. */
function bandOf(actions: Action[]): Array<{ action: Action; stages: number[] }> {
  const cheapest = actions.map(() => STAGES.map(() => Infinity));
  for (let round = 0; round < ROUNDS; round++) {
    actions.forEach((action, index) =>
      timeStages(action).forEach((value, stage) =>
        cheapest[index][stage] = Math.min(cheapest[index][stage], value)
      )
    );
  }
  const order = actions.map((_action, index) => index).sort((a, b) => sum(cheapest[a]) - sum(cheapest[b]));
  return order.slice(Math.floor(actions.length * low), Math.ceil(actions.length * high))
    .map((index) => ({ action: actions[index], stages: cheapest[index] }));
}

function report(label: string, band: Array<{ action: Action; stages: number[] }>): void {
  const kinds = new Map<string, { count: number; chars: number; stages: number[] }>();
  for (const { action, stages } of band) {
    const kind = kindOf(action).replace(
      / \..*/,
      (extension) => [".md", ".sh"].includes(extension.trim()) ? extension : " .*",
    );
    const entry = kinds.get(kind) ?? { count: 0, chars: 0, stages: STAGES.map(() => 0) };
    entry.count++;
    entry.chars += JSON.stringify(action.payload).length;
    stages.forEach((value, stage) => entry.stages[stage] += value);
    kinds.set(kind, entry);
  }
  const all = STAGES.map((_name, stage) => sum(band.map((entry) => entry.stages[stage])));
  console.log(
    `${label}: ${band.length} actions, mean µs ${STAGES.join(" / ")}: ${
      all.map((value) => (value / band.length).toFixed(1)).join(" / ")
    } (effects ${(100 * all[3] / sum(all)).toFixed(0)} %)`,
  );
  for (const [kind, entry] of [...kinds].sort((a, b) => sum(b[1].stages) - sum(a[1].stages))) {
    console.log(
      `  ${kind.padEnd(28)} ${String(entry.count).padStart(4)} ${
        String(Math.round(entry.chars / entry.count)).padStart(6)
      } chars  ${entry.stages.map((value) => (value / entry.count).toFixed(0)).join(" / ")}`,
    );
  }
}

const sets = { corpus: await loadCorpus(), "real work": await loadRealWork() };
const bands = Object.fromEntries(Object.entries(sets).map(([name, actions]) => [name, bandOf(actions)]));
if (loop) {
  const actions = Object.values(bands).flat().map((entry) => entry.action);
  const start = performance.now();
  for (let round = 0; round < times; round++) for (const action of actions) timeStages(action);
  console.log(
    `${actions.length} actions × ${times}: ${
      ((performance.now() - start) * 1000 / times / actions.length).toFixed(0)
    } µs each`,
  );
} else {
  console.log(`load ${Deno.loadavg().map((value) => value.toFixed(1)).join(" ")}; band ${low}-${high}`);
  for (const [name, band] of Object.entries(bands)) report(name, band);
}
