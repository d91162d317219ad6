/** What each whole-text reader costs per character on long texts, as Shield runs them: `deno run -A
 * bench/shield_readers.ts` first evaluates every corpus and real-work action (so each reader has met the strings of
 * every representation V8 makes — sliced, concatenated, two-byte — as in a running engine, where a loop first
 * optimised for one kind is slower on them), then times, over the payload texts of 512 characters and more
 * (cheapest of 30 rounds, ns per character): cleaning, the decoder pre-check, the whole of `textVariants`,
 * lower-casing and the literal automaton's scan. Run by hand; compare checkouts by running it in each. */

import { cleanText, decoders, textVariants } from "../src/shield/normalize.ts";
import { LITERALS } from "../src/shield/literal_index.ts";
import { timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const actions = [...await loadRealWork(), ...await loadCorpus()];
for (const action of actions) timeStages(action);
const texts: string[] = [];
const collect = (value: unknown) => {
  if (typeof value === "string") {
    if (value.length >= 512) texts.push(value);
  } else if (value && typeof value === "object") { for (const inner of Object.values(value)) collect(inner); }
};
for (const action of actions) collect(action.payload);
const characters = texts.reduce((sum, text) => sum + text.length, 0);
const cleaned = texts.map(cleanText);

let sink = 0;
function cheapest(run: () => void): string {
  let best = Infinity;
  for (let round = 0; round < 30; round++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1e6 / characters).toFixed(2);
}

const load = Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(`${texts.length} long payload texts, ${characters} characters; load average ${load}`);
const readers: Array<[string, () => void]> = [
  ["cleanText", () => texts.forEach((text) => sink ^= cleanText(text).length)],
  ["decoders (pre-check)", () => cleaned.forEach((text) => sink ^= decoders(text))],
  ["textVariants (all of it)", () => texts.forEach((text) => sink ^= textVariants(text).length)],
  ["toLowerCase", () => cleaned.forEach((text) => sink ^= text.toLowerCase().length)],
  ["literal scan (lower-casing, automaton, grouping)", () => {
    LITERALS.forget();
    cleaned.forEach((text) => sink ^= LITERALS.scan(text).ids.length);
  }],
];
for (const [name, run] of readers) {
  console.log(`reader ${name.padEnd(50)} ${cheapest(run).padStart(6)} ns/char`);
}
if (sink === 0.5) console.log("");
