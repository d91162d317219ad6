/** The literal scanner inside Shield, A/B in one process: `deno run -A bench/shield_scan_ab.ts [OTHER_CHECKOUT]
 * [ROUNDS]` builds this checkout's `LiteralScanner` (and OTHER_CHECKOUT's, when given) over the literals Shield
 * registers, swaps each into the one literal index in turn, and times the rules and effect stages of every corpus
 * and real-work action (cheapest of ROUNDS cold rounds per action; sides in turn). Everything but the scanner is
 * the same code in the same process; "this again", a second copy of this checkout's scanner, shows the noise (1 to
 * 2 % at a load of 10, more when the load jumps during a run). Two probes price the table's size: each scan after
 * an extra walk of a second full-size table (cold: nothing else reads it), and after a walk of a small table (150
 * literals); their difference is what reading a large table costs the rules stage, its own misses and the rest
 * of the stage's data it evicts. Run by hand. */

import { LITERALS } from "../src/shield/literal_index.ts";
import { LiteralScanner } from "../src/shield/literal_scanner.ts";
import { timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

type Scanner = Pick<LiteralScanner, "scan">;
type ScannerClass = new (
  literals: readonly string[],
  ids: readonly number[],
  placed: readonly number[],
) => Scanner;

const [other, roundsText = "10"] = Deno.args;
const rounds = Number(roundsText);
const actions = [...await loadCorpus(), ...await loadRealWork()];
for (const action of actions) timeStages(action);

// The index's own literals, placements, scanner and cross-evaluation cache, read through its private fields (a
// diagnostic, not an interface).
const index = LITERALS as unknown as {
  ids: Map<string, number>;
  placed: number[];
  scanner: Scanner;
  short: Map<string, unknown>;
};
const literals = [...index.ids.keys()];
const ids = literals.map((_literal, id) => id);
const build = (Class: ScannerClass, count = literals.length) =>
  new Class(literals.slice(0, count), ids.slice(0, count), index.placed);

interface Table {
  delta: Uint16Array | Int32Array;
  symbols: Uint8Array;
  alphabet: number;
}
let sink = 0;
/** This checkout's scanner, each scan preceded by a walk of `walked`'s table (transitions only). */
function afterWalk(walked: Scanner): Scanner {
  const { delta, symbols, alphabet } = walked as unknown as Table;
  const scanner = build(LiteralScanner);
  return {
    scan(text, marks, stamp, found, occurrences) {
      let state = 0;
      for (let i = 0; i < text.length; i++) state = delta[state * alphabet + symbols[text.charCodeAt(i)]];
      sink ^= state;
      scanner.scan(text, marks, stamp, found, occurrences);
    },
  };
}

const sides: Array<[string, Scanner]> = [["this", build(LiteralScanner)]];
if (other) {
  const module = await import(`${other.replace(/\/$/, "")}/src/shield/literal_scanner.ts`);
  sides.push(["other", build(module.LiteralScanner)]);
}
sides.push(["this again", build(LiteralScanner)]);
sides.push(["+ big walk", afterWalk(build(LiteralScanner))]);
sides.push(["+ small walk", afterWalk(build(LiteralScanner, 150))]);

const cheapest = sides.map(() => actions.map(() => [Infinity, Infinity]));
for (let round = 0; round < rounds; round++) {
  const order = [...sides.keys()];
  if (round % 2 === 1) order.reverse();
  for (const side of order) {
    index.scanner = sides[side][1];
    index.short.clear();
    actions.forEach((action, at) => {
      const [, , rules, effects] = timeStages(action);
      cheapest[side][at][0] = Math.min(cheapest[side][at][0], rules);
      cheapest[side][at][1] = Math.min(cheapest[side][at][1], effects);
    });
  }
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * share)].toFixed(2);
const mean = (values: number[]) => (values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2);
const load = Deno.loadavg().map((value) => value.toFixed(1)).join(" ");
console.log(
  `${actions.length} actions, cheapest of ${rounds} cold rounds, µs p50 / p90 / mean; load ${load}`,
);
sides.forEach(([name], side) => {
  const [rules, effects] = [0, 1].map((stage) => cheapest[side].map((values) => values[stage]));
  console.log(
    `  ${name.padEnd(12)} rules ${percentile(rules, 0.5)} / ${percentile(rules, 0.9)} / ${mean(rules)}` +
      `  effects ${percentile(effects, 0.5)} / ${percentile(effects, 0.9)} / ${mean(effects)}`,
  );
});
if (sink === 0.5) console.log("");
