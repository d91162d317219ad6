/** What each effect check costs: `deno run -A bench/shield_judges.ts` copies src/shield/effects/effect_profile.ts to a
 * temporary module whose every check call (judge*, textsOf, classed, readHost and the other helpers it calls) is
 * wrapped in a timer — production code is not touched — then runs it over the corpus and the real-work benign set,
 * each action's cheapest of several rounds per check, and prints the top 15 checks by total time and by share of
 * the slowest 1 % of actions (by effect time) and of the middle fifth (p40-p60). Run by hand; nested checks (judgeCommandsAndCode, judgeHandedOn)
 * include the checks they call. */

import { buildActionView } from "../src/shield/action_view.ts";
import { resolveEnvironment } from "../src/shield/environment.ts";
import type { Action } from "../src/shield/types.ts";
import type { buildEffectProfile as Build } from "../src/shield/effects/effect_profile.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const ROUNDS = 6;
const TIMED =
  /(?<![\w.]|function )(judge\w+|pushedImages|textsOf|classed|readHost|asksForCredentials|sensitiveMention|readsPageOnly|identifierWords|lacksCore)\(/g;

/** Files whose own check calls are timed too (effect_profile.ts imports their copies). */
const INSTRUMENTED = [
  "command_routes.ts",
  "command_effects.ts",
  "command_and_code.ts",
  "open_world_calls.ts",
  "later_rounds.ts",
];

type Times = Map<string, number>;
const sink: { times: Times; calls: Times } = { times: new Map(), calls: new Map() };
(globalThis as unknown as { judgeTimes: typeof sink }).judgeTimes = sink;

/** A copy of `file` (under src/shield/effects/) in a temporary folder, imports absolute (or to `copies`), check
 * calls timed. */
async function timedCopy(file: string, folder: string, copies: Map<string, string>): Promise<string> {
  const source = new URL(`../src/shield/effects/${file}`, import.meta.url);
  let text = await Deno.readTextFile(source);
  text = text.replace(/from "(\.\.?\/[^"]+)"/g, (_all, path) => {
    const href = new URL(path, source).href;
    return `from "${copies.get(href) ?? href}"`;
  });
  const names = new Set<string>();
  const split = text.search(/^(?:export )?(?:const|function|interface|type) /m);
  const [head, body] = [text.slice(0, split), text.slice(split)];
  const timedBody = body.replace(TIMED, (_all, name) => {
    names.add(name);
    return `__timed_${name}(`;
  });
  const wrappers = [...names].map((name) =>
    `const __timed_${name} = (...args: any[]) => { const start = performance.now(); try { return (${name} as any)(...args); } finally { const t = (globalThis as any).judgeTimes.times; t.set("${name}", (t.get("${name}") ?? 0) + performance.now() - start); (globalThis as any).judgeTimes.calls.set("${name}", ((globalThis as any).judgeTimes.calls.get("${name}") ?? 0) + 1); } };`
  ).join("\n");
  const copy = `${folder}/${file}`;
  await Deno.writeTextFile(copy, `${head}\n${timedBody}\n${wrappers}\n`);
  copies.set(source.href, `file://${copy}`);
  return `file://${copy}`;
}

/** effect_profile.ts and the files it dispatches to, with their check calls timed. */
async function timedProfile(): Promise<typeof Build> {
  const folder = await Deno.makeTempDir();
  const copies = new Map<string, string>();
  try {
    for (const file of INSTRUMENTED) await timedCopy(file, folder, copies);
    const profile = await timedCopy("effect_profile.ts", folder, copies);
    return (await import(profile)).buildEffectProfile;
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
}

const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });
const build = await timedProfile();
const overhead = timerOverhead();
console.log(`timer overhead ${(overhead * 1e6).toFixed(0)} ns a call, subtracted from each check's time`);

/** What one timed call of an empty function costs (ms), cheapest of several batches. */
function timerOverhead(): number {
  const noop = (..._args: unknown[]) => 0;
  const timed = (...args: unknown[]) => {
    const start = performance.now();
    try {
      return noop(...args);
    } finally {
      sink.times.set("noop", (sink.times.get("noop") ?? 0) + performance.now() - start);
      sink.calls.set("noop", (sink.calls.get("noop") ?? 0) + 1);
    }
  };
  let best = Infinity;
  for (let batch = 0; batch < 20; batch++) {
    const start = performance.now();
    for (let k = 0; k < 10_000; k++) timed(k, batch);
    best = Math.min(best, (performance.now() - start) / 10_000);
  }
  return best;
}

function report(label: string, actions: Action[]): void {
  const views = actions.map((action) => buildActionView(action, WORKSPACE, HOME, environment.shellHome));
  const cheapest: Times[] = views.map(() => new Map());
  const totals = views.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    views.forEach((view, index) => {
      sink.times = new Map();
      sink.calls = new Map();
      const start = performance.now();
      build(view, undefined, environment);
      totals[index] = Math.min(totals[index], performance.now() - start);
      for (const [name, ms] of sink.times) {
        const net = Math.max(0, ms - (sink.calls.get(name) ?? 0) * overhead);
        cheapest[index].set(name, Math.min(cheapest[index].get(name) ?? Infinity, net));
      }
    });
  }
  const slowest = totals.map((total, index) => [total, index]).sort((a, b) => b[0] - a[0])
    .slice(0, Math.max(1, Math.ceil(actions.length / 100))).map(([, index]) => index);
  const slowTotal = slowest.reduce((sum, index) => sum + totals[index], 0);
  // The middle fifth of actions by effect time: what a p50 action spends its time on.
  const byTotal = totals.map((_total, index) => index).sort((a, b) => totals[a] - totals[b]);
  const middle = new Set(byTotal.slice(Math.floor(actions.length * 0.4), Math.ceil(actions.length * 0.6)));
  const middleTotal = [...middle].reduce((sum, index) => sum + totals[index], 0);
  const all = totals.reduce((sum, value) => sum + value, 0);
  const sums = new Map<string, { total: number; tail: number; middle: number; calls: number }>();
  cheapest.forEach((times, index) => {
    for (const [name, ms] of times) {
      const entry = sums.get(name) ?? { total: 0, tail: 0, middle: 0, calls: 0 };
      entry.total += ms;
      entry.calls++;
      if (slowest.includes(index)) entry.tail += ms;
      if (middle.has(index)) entry.middle += ms;
      sums.set(name, entry);
    }
  });
  console.log(
    `${label}: ${actions.length} actions, effects total ${
      (all * 1000 / actions.length).toFixed(1)
    } µs/action mean; ` +
      `p40-p60: mean ${(middleTotal * 1000 / middle.size).toFixed(1)} µs; ` +
      `slowest 1 %: ${slowest.length} actions, mean ${(slowTotal * 1000 / slowest.length).toFixed(0)} µs`,
  );
  const rows = [...sums].map(([name, entry]) => ({ name, ...entry }));
  const show = (title: string, key: "total" | "tail" | "middle") => {
    console.log(`  top 15 by ${title}`);
    for (const row of [...rows].sort((a, b) => b[key] - a[key]).slice(0, 15)) {
      console.log(
        `  ${row.name.padEnd(28)} mean ${
          (row.total * 1000 / actions.length).toFixed(2).padStart(6)
        } µs/action ` +
          `(${(100 * row.total / all).toFixed(1).padStart(4)} % of effects)  p40-p60 ${
            (100 * row.middle / middleTotal).toFixed(1).padStart(4)
          } %  tail ${(100 * row.tail / slowTotal).toFixed(1).padStart(4)} %`,
      );
    }
  };
  show("total", "total");
  show("share of the slowest 1 %", "tail");
  show("share of the middle fifth (p40-p60)", "middle");
}

/** `deno run -A bench/shield_judges.ts TYPE`: only the actions of that type (`execute_command`). */
const only = Deno.args[0];
const ofType = (actions: Action[]) => only ? actions.filter((action) => action.type === only) : actions;
report("corpus", ofType(await loadCorpus()));
const realWork = ofType(await loadRealWork());
if (realWork.length > 0) report("benign_dev", realWork);
