/** Shield's literal tables keep only their flat forms once built (docs/cli.md, "After real use"): the gated
 * patterns' per-literal lists (effects/gate.ts) and the heuristic matcher's per-rule and per-literal lists
 * (heuristic_matcher.ts) were kept as thousands of small arrays beside the typed arrays made from them. */
import { assert, assertEquals } from "../support/assert.ts";
import { GatedPattern } from "../../src/shield/effects/gate.ts";
import { HeuristicMatcher } from "../../src/shield/heuristic_matcher.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";
import { measuredInFreshProcess } from "../support/fresh_process_memory.ts";

Deno.test("gate: patterns registered after the first test join the table (with earlier patterns' literals too)", () => {
  const first = new GatedPattern(/\bzqwfirst\b|\bzqwshared\b/);
  assert(first.test("a zqwfirst here") && !first.test("nothing"));
  // Registered after the table was made: a new literal, and one the first pattern has.
  const later = new GatedPattern(/\bzqwlater\b|\bzqwshared\b x/);
  const again = new GatedPattern(/zqwshared y/);
  for (const text of ["zqwlater", "a zqwshared x", "zqwshared y", "zqwfirst", "zqwshared", "none"]) {
    assertEquals(later.test(text), /\bzqwlater\b|\bzqwshared\b x/.test(text), text);
    assertEquals(again.test(text), /zqwshared y/.test(text), text);
    assertEquals(first.test(text), /\bzqwfirst\b|\bzqwshared\b/.test(text), text);
  }
});

Deno.test("gate: 3,000 patterns of 9,000 literals keep no array per literal (about 1.7 MB of heap before)", async () => {
  // A fresh process with the engine's V8 flags, heap after full collections on both sides of a timer: 11.0 MB before (an array per
  // literal id beside the flat table), 9.3 MB now; the patterns' own regexes and anchors are the rest.
  const script = `
    const { GatedPattern } = await import(${
    JSON.stringify(import.meta.resolve("../../src/shield/effects/gate.ts"))
  });
    const used = async () => { gc(); await new Promise((done) => setTimeout(done, 10)); gc(); gc(); return Deno.memoryUsage().heapUsed; };
    const word = (k) => "q" + k.toString(36) + "zx";
    const patterns = [];
    for (let k = 0; k < 10; k++) patterns.push(new GatedPattern(new RegExp(word(k) + "|w" + word(k))));
    patterns[0].test("nothing");
    const before = await used();
    for (let k = 10; k < 3010; k++) {
      patterns.push(new GatedPattern(new RegExp(word(k) + "v|" + word(k + 1) + "y|" + word(k + 2) + "u")));
    }
    patterns[5].test("nothing here");
    console.log(await used() - before);`;
  const megabytes = await measuredInFreshProcess(script) / 1e6;
  assert(megabytes < 10.1, `3,000 gated patterns took ${megabytes.toFixed(2)} MB`);
});

Deno.test("heuristic matcher: the per-rule and per-literal lists are kept only as flat typed arrays", () => {
  const matcher = new HeuristicMatcher(HEURISTIC_RULES);
  for (const [field, value] of Object.entries(matcher)) {
    assert(
      !(Array.isArray(value) && value.some((item) => Array.isArray(item))),
      `${field} is an array of arrays`,
    );
  }
});
