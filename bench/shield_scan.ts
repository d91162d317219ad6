/** The literal automaton's cost per character: `deno run -A bench/shield_scan.ts` registers every rule's and effect
 * pattern's literals (one pass over the corpus and real-work actions), then times the scan over the payload texts of
 * 512 characters and more (long: occurrences recorded) and of 64 to 511 (short), cheapest of 30 rounds, for the
 * automaton with every literal in its states and with two-character literals read off symbol pairs (as Shield
 * scans), next to a bare walk of the same table (one read per character, no output handled): the floor. It also
 * prints the share of characters that land on a state with outputs. Run by hand. */

import { LITERALS } from "../src/shield/literal_index.ts";
import { LiteralScanner, Occurrences } from "../src/shield/literal_scanner.ts";
import { timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const actions = [...await loadRealWork(), ...await loadCorpus()];
for (const action of actions) timeStages(action);
const texts: string[] = [];
const collect = (value: unknown) => {
  if (typeof value === "string") {
    if (value.length >= 64) texts.push(value.toLowerCase());
  } else if (value && typeof value === "object") { for (const inner of Object.values(value)) collect(inner); }
};
for (const action of actions) collect(action.payload);
const long = texts.filter((text) => text.length >= 512);
const short = texts.filter((text) => text.length < 512);
const characters = (list: string[]) => list.reduce((sum, text) => sum + text.length, 0);

// The index's own literals and placements, read through its private fields (a diagnostic, not an interface).
const index = LITERALS as unknown as { ids: Map<string, number>; placed: number[] };
const literals = [...index.ids.keys()];
const ids = literals.map((_literal, id) => id);
const scanners = {
  whole: new LiteralScanner(literals, ids, index.placed, false),
  paired: new LiteralScanner(literals, ids, index.placed),
};

interface Tables {
  delta: Uint16Array | Int32Array;
  symbols: Uint8Array;
  alphabet: number;
  firstOutput: number;
}

function landingShare(scanner: LiteralScanner): number {
  const { delta, symbols, alphabet, firstOutput } = scanner as unknown as Tables;
  let landings = 0;
  for (const text of long) {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = delta[state * alphabet + symbols[text.charCodeAt(i)]];
      if (state >= firstOutput) landings++;
    }
  }
  return landings / characters(long);
}

let sink = 0;
function bareWalk(scanner: LiteralScanner, list: string[]): void {
  const { delta, symbols, alphabet } = scanner as unknown as Tables;
  for (const text of list) {
    let state = 0;
    for (let i = 0; i < text.length; i++) state = delta[state * alphabet + symbols[text.charCodeAt(i)]];
    sink ^= state;
  }
}

const marks = new Int32Array(literals.length);
let stamp = 0;
const occurrences = new Occurrences();
function scanAll(scanner: LiteralScanner, list: string[], placed: boolean): void {
  for (const text of list) {
    occurrences.count = 0;
    scanner.scan(text, marks, ++stamp, [], placed ? occurrences : undefined);
  }
}

function cheapest(run: () => void, list: string[]): string {
  let best = Infinity;
  for (let round = 0; round < 30; round++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1e6 / characters(list)).toFixed(2);
}

const load = Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(
  `${literals.length} literals; long texts ${long.length} (${
    characters(long)
  } characters), short ${short.length} ` +
    `(${characters(short)}); load average ${load}`,
);
for (const [name, scanner] of Object.entries(scanners)) {
  console.log(
    `scan_${name} long ${cheapest(() => scanAll(scanner, long, true), long)} ns/char, short ${
      cheapest(() => scanAll(scanner, short, false), short)
    } ns/char, bare walk ${cheapest(() => bareWalk(scanner, long), long)} ns/char, landing share ${
      landingShare(scanner).toFixed(3)
    }`,
  );
}
if (sink === 0.5) console.log("");
