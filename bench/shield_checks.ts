/** Where the view and the effect stage spend their time, function by function: `deno run -A bench/shield_checks.ts
 * [ROUNDS] [--all] [--judges] [--none] [--type=TYPE]` copies src/ to a temporary folder in this checkout, where every
 * function one Shield module imports from another (under src/shield/ and src/shield/effects/, the rules' own folder
 * aside) is called through a timer, and every finding recorded is counted; production code is not touched. It first
 * picks, with the real modules, the middle fifth of actions by whole Tier 0+1 time (p40-p60: the median action) of the
 * top, dev and real-work sets, then runs every action ROUNDS times through the timed copy (view, Tier 0, rules,
 * effects, as the evaluator does) and prints, for the view and the effect stage, the top functions by self time (a
 * timed callee's time taken out) over the median actions: µs a median action, calls, the share of calls that recorded
 * no finding, and the same over every action. The timer's own cost is measured and taken out (the numbers are still a
 * few per cent high: a call timed costs some 0.2 µs). `--all` lists every function. Run by hand (round 29 of speed). */

import { loadCorpus, loadDev, loadRealWork } from "./shield_actions.ts";
import { timeStages } from "./shield_stage_timer.ts";
import type { Action } from "../src/shield/types.ts";

const ROUNDS = Number(Deno.args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const ALL = Deno.args.includes("--all");
/** `--judges`: only the effect checks (`judge*`) are timed, and the view's functions (fewer timed calls). */
const JUDGES = Deno.args.includes("--judges");
/** `--none`: nothing timed (what the copy and the loop cost alone, against the untimed figures). */
const NONE = Deno.args.includes("--none");
const ROOT = new URL("../", import.meta.url).pathname;
const TIMED_FOLDERS = ["src/shield/", "src/shield/effects/"];
const STAGE_NAMES = ["view", "effects"] as const;

/** The accounting the timed copy calls (`globalThis.__shieldTimer`). */
class Timer {
  names: string[] = [];
  self = new Float64Array(4096);
  calls = new Float64Array(4096);
  nothing = new Float64Array(4096);
  adds = 0;
  children: number[] = [];
  /** The slots this action has used (only they are added up and cleared: the whole arrays would evict the caches). */
  touched: number[] = [];
  /** A timed call's whole cost, and the part of it its own measure holds (both ms, measured on an empty function). */
  overhead = 0;
  inner = 0;
  stage = 0;

  /** One slot per function, whichever module imports it. */
  id(name: string): number {
    const known = this.names.indexOf(name);
    if (known >= 0) return known;
    this.names.push(name);
    return this.names.length - 1;
  }

  run(id: number, fn: (...args: unknown[]) => unknown, args: unknown[]): unknown {
    const adds = this.adds;
    this.children.push(0);
    const start = performance.now();
    try {
      return fn(...args);
    } finally {
      const spent = performance.now() - start;
      const children = this.children.pop()!;
      const depth = this.children.length;
      if (depth > 0) this.children[depth - 1] += spent + this.overhead - this.inner;
      const slot = this.stage * 2048 + id;
      if (this.calls[slot] === 0) this.touched.push(slot);
      this.self[slot] += Math.max(0, spent - this.inner - children);
      this.calls[slot]++;
      if (this.adds === adds) this.nothing[slot]++;
    }
  }

  reset(): void {
    for (const slot of this.touched) this.self[slot] = this.calls[slot] = this.nothing[slot] = 0;
    this.touched.length = 0;
  }
}

const timer = new Timer();
(globalThis as unknown as { __shieldTimer: Timer }).__shieldTimer = timer;

/** The names each module declares as `export function`. */
function exportedFunctions(text: string): Set<string> {
  return new Set([...text.matchAll(/^export (?:async )?function\*? ?(\w+)/gm)].map((match) => match[1]));
}

/** A module's source with its imported functions called through the timer. */
function timedSource(text: string, file: string, exported: Map<string, Set<string>>): string {
  const wrappers: string[] = [];
  const rewritten = text.replace(
    /^import \{([^}]*)\} from "(\.[^"]+)";/gm,
    (all, list: string, path: string) => {
      const target = exported.get(new URL(path, `file://${file}`).pathname);
      if (!target) return all;
      const module = path.replace(/^.*\//, "").replace(/\.ts$/, "");
      const names = list.split(",").map((name) => name.trim()).filter(Boolean).map((name) => {
        if (name.startsWith("type ") || name.includes(" as ") || !target.has(name)) return name;
        if (JUDGES && file.includes("/effects/") && !name.startsWith("judge")) return name;
        if (NONE) return name;
        const id = timer.id(`${module}.${name}`);
        wrappers.push(
          `function ${name}(...args: any[]): any { return (globalThis as any).__shieldTimer.run(${id}, __timed_${name}, args); }`,
        );
        return `${name} as __timed_${name}`;
      });
      return `import { ${names.join(", ")} } from "${path}";`;
    },
  );
  return `${rewritten}\n${wrappers.join("\n")}\n`;
}

/** src/ copied to a temporary folder of this checkout (its import map applies), timed. */
async function timedCopy(): Promise<string> {
  const folder = await Deno.makeTempDir({ dir: ROOT, prefix: ".shield_checks_" });
  await new Deno.Command("cp", { args: ["-r", `${ROOT}src`, folder] }).output();
  const files: string[] = [];
  for (const sub of TIMED_FOLDERS) {
    for await (const entry of Deno.readDir(`${folder}/${sub}`)) {
      if (entry.isFile && entry.name.endsWith(".ts")) files.push(`${folder}/${sub}${entry.name}`);
    }
  }
  const exported = new Map<string, Set<string>>();
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = await Deno.readTextFile(file);
    texts.set(file, text);
    exported.set(file, exportedFunctions(text));
  }
  for (const [file, text] of texts) {
    let timed = timedSource(text, file, exported);
    if (file.endsWith("/effects/findings.ts")) {
      timed = timed.replace("this.list.push(", "(globalThis as any).__shieldTimer.adds++, this.list.push(");
    }
    await Deno.writeTextFile(file, timed);
  }
  return folder;
}

/** What one timed call of an empty function costs (ms), cheapest of several batches, and what its own measure
 * holds of that. */
function timerOverhead(): [number, number] {
  const id = timer.id("noop");
  const noop = () => 0;
  let [best, inner] = [Infinity, Infinity];
  for (let batch = 0; batch < 20; batch++) {
    timer.self[id] = 0;
    const start = performance.now();
    for (let k = 0; k < 10_000; k++) timer.run(id, noop, []);
    best = Math.min(best, (performance.now() - start) / 10_000);
    inner = Math.min(inner, timer.self[id] / 10_000);
  }
  timer.calls[id] = 0;
  timer.reset();
  return [best, inner];
}

/** Untimed stage sums (µs) of the median actions, view and effects, cheapest of 3 rounds each. */
const untimed = [0, 0];

/** The middle fifth of a set by whole Tier 0+1 time (cheapest of 3 cold rounds, real modules). */
function medianActions(actions: Action[]): Set<number> {
  const cheapest = actions.map(() => [Infinity, Infinity, Infinity, Infinity, Infinity]);
  for (let round = 0; round < 3; round++) {
    actions.forEach((action, index) => {
      const stages = timeStages(action);
      const whole = stages.reduce((sum, value) => sum + value, 0);
      [...stages, whole].forEach((value, at) => cheapest[index][at] = Math.min(cheapest[index][at], value));
    });
  }
  const order = cheapest.map((_value, index) => index).sort((a, b) => cheapest[a][4] - cheapest[b][4]);
  const middle = order.slice(Math.floor(actions.length * 0.4), Math.ceil(actions.length * 0.6));
  for (const index of middle) {
    [untimed[0], untimed[1]] = [untimed[0] + cheapest[index][0], untimed[1] + cheapest[index][3]];
  }
  return new Set(middle);
}

/** `--type=execute_command`: only the actions of that type. */
const TYPE = Deno.args.find((arg) => arg.startsWith("--type="))?.slice(7);
const ofType = (actions: Action[]) => TYPE ? actions.filter((action) => action.type === TYPE) : actions;
const sets: Array<[string, Action[]]> = [
  ["top", ofType(await loadCorpus())],
  ["dev", ofType(await loadDev())],
  ["real work", ofType(await loadRealWork())],
];
const middles = sets.map(([, actions]) => medianActions(actions));
const folder = await timedCopy();
try {
  const view = await import(`file://${folder}/src/shield/action_view.ts`);
  const profile = await import(`file://${folder}/src/shield/effects/effect_profile.ts`);
  const env = await import(`file://${folder}/src/shield/environment.ts`);
  const literals = await import(`file://${folder}/src/shield/literal_index.ts`);
  const matcherModule = await import(`file://${folder}/src/shield/heuristic_matcher.ts`);
  const rules = await import(`file://${folder}/src/shield/rules/index.ts`);
  const environment = env.resolveEnvironment({ workspace: "/home/dev/project", home: "/home/dev" });
  const matcher = new matcherModule.HeuristicMatcher(rules.HEURISTIC_RULES);
  [timer.overhead, timer.inner] = timerOverhead();
  const size = 4096;
  // Per action, each function's cheapest self time over the rounds and the cheapest stage times (a collection or a
  // burst of load lands in one round); calls and findings are the same every round.
  const cheapest = sets.map(([, actions]) => actions.map(() => new Map<number, number>()));
  const cheapestStages = sets.map(([, actions]) => actions.map(() => [Infinity, Infinity]));
  const median = {
    self: new Float64Array(size),
    calls: new Float64Array(size),
    nothing: new Float64Array(size),
  };
  const every = {
    self: new Float64Array(size),
    calls: new Float64Array(size),
    nothing: new Float64Array(size),
  };
  const stageTotals = { median: [0, 0], every: [0, 0] };
  let [medianCount, everyCount] = [0, 0];
  // Round 0 warms up (tables built on first use, code compiled) and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    sets.forEach(([, actions], set) => {
      actions.forEach((action, index) => {
        timer.reset();
        timer.stage = 0;
        let start = performance.now();
        const seen = view.buildActionView(action, "/home/dev/project", "/home/dev", environment.shellHome);
        const viewMs = performance.now() - start;
        literals.LITERALS.forget();
        matcher.judge(seen);
        timer.stage = 1;
        start = performance.now();
        profile.buildEffectProfile(seen, undefined, environment);
        const effectsMs = performance.now() - start;
        if (round === 0) return;
        const own = cheapest[set][index];
        for (const slot of timer.touched) {
          own.set(slot, Math.min(own.get(slot) ?? Infinity, timer.self[slot]));
        }
        const stages = cheapestStages[set][index];
        [stages[0], stages[1]] = [Math.min(stages[0], viewMs), Math.min(stages[1], effectsMs)];
        if (round > 1) return;
        for (const slot of timer.touched) {
          every.calls[slot] += timer.calls[slot];
          every.nothing[slot] += timer.nothing[slot];
          if (!middles[set].has(index)) continue;
          median.calls[slot] += timer.calls[slot];
          median.nothing[slot] += timer.nothing[slot];
        }
      });
    });
  }
  sets.forEach(([, actions], set) => {
    actions.forEach((_action, index) => {
      const inMiddle = middles[set].has(index);
      const stages = cheapestStages[set][index];
      everyCount++;
      stageTotals.every[0] += stages[0];
      stageTotals.every[1] += stages[1];
      if (inMiddle) {
        medianCount++;
        stageTotals.median[0] += stages[0];
        stageTotals.median[1] += stages[1];
      }
      for (const [slot, ms] of cheapest[set][index]) {
        every.self[slot] += ms;
        if (inMiddle) median.self[slot] += ms;
      }
    });
  });
  const us = (ms: number, count: number) => (ms * 1000 / count).toFixed(2);
  STAGE_NAMES.forEach((name, stage) => {
    console.log(
      `\n${name}: median action ${
        us(stageTotals.median[stage], medianCount)
      } µs (timed, cheapest round), every action ${us(stageTotals.every[stage], everyCount)} µs, ${
        us(
          timer.names.reduce((sum, _name, id) => sum + median.calls[stage * 2048 + id], 0) / 1000,
          medianCount,
        )
      } timed calls; self µs a median action | calls a median action | no finding % | self µs an action (all)`,
    );
    const slots = timer.names.map((_name, id) => stage * 2048 + id);
    const top = slots.filter((slot) => every.calls[slot] > 0).sort((a, b) => median.self[b] - median.self[a]);
    for (const slot of ALL ? top : top.slice(0, 30)) {
      const nothing = 100 * median.nothing[slot] / Math.max(1, median.calls[slot]);
      console.log(
        `  ${timer.names[slot - stage * 2048].padEnd(52)} ${
          us(median.self[slot], medianCount).padStart(6)
        } | ${(median.calls[slot] / medianCount).toFixed(2).padStart(6)} | ${
          nothing.toFixed(0).padStart(3)
        } % | ${us(every.self[slot], everyCount).padStart(6)}`,
      );
    }
  });
  console.log(
    `\nuntimed (real modules, cheapest of 3 rounds), median action: view ${
      (untimed[0] / medianCount).toFixed(2)
    } µs, effects ${(untimed[1] / medianCount).toFixed(2)} µs`,
  );
  console.log(
    `${everyCount} actions (${medianCount} median), ${ROUNDS} rounds; timer ${
      (timer.overhead * 1e6).toFixed(0)
    } ns a call (${(timer.inner * 1e6).toFixed(0)} within its measure)`,
  );
} finally {
  await Deno.remove(folder, { recursive: true });
}
