/** The prefiltered matcher finds exactly the rules a brute-force run of every rule on every text finds, and
 * the rewritten exec_from_temp pattern accepts exactly what the original did. */

import assert from "node:assert/strict";
import { HeuristicMatcher } from "../../src/shield/heuristic_matcher.ts";
import { fieldTexts } from "../../src/shield/rule_texts.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import { sampleActions } from "./corpus_texts.ts";
import { HOME, WORKSPACE } from "./shield_fixture.ts";

function bruteForce(view: ReturnType<typeof buildActionView>): string[] {
  return HEURISTIC_RULES.filter((rule) =>
    rule.fields.some((field) => fieldTexts(view, field).some((text) => rule.pattern.test(text)))
  ).map((rule) => rule.id).sort();
}

Deno.test("heuristic matcher finds the same rules as running every rule on every text", () => {
  const matcher = new HeuristicMatcher(HEURISTIC_RULES);
  let hits = 0;
  for (const action of sampleActions()) {
    const view = buildActionView(action, WORKSPACE, HOME);
    const found = matcher.match(view).map((hit) => hit.rule.id).sort();
    assert.deepEqual(found, bruteForce(view), JSON.stringify(action.payload).slice(0, 200));
    hits += found.length;
  }
  assert.ok(hits > 500, `too few hits to be a meaningful check: ${hits}`);
});

Deno.test("rewritten exec_from_temp pattern matches exactly the strings the original matched", () => {
  const original =
    /^(?:\/tmp|\/dev\/shm|\/var\/tmp)\/|^(?:\.{1,2}|~|\/[^\s]*)\/(?:[^/\s]+\/)*\.[^/.\s][^/\s]*$/;
  const current = HEURISTIC_RULES.find((rule) => rule.id === "remote_exec.exec_from_temp")!.pattern;
  const alphabet = "/.~a \tmp";
  let matched = 0;
  for (let i = 0; i < 200_000; i++) {
    let text = "";
    let seed = i + 1;
    for (let k = 0; k < i % 12; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      text += alphabet[(seed >>> 16) % alphabet.length];
    }
    const expected = original.test(text);
    if (expected) matched++;
    assert.equal(current.test(text), expected, JSON.stringify(text));
  }
  assert.ok(matched > 100);
});
