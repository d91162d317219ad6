/** The tests every blind held-out set from the eighth on has (tests/shield/cases/heldoutN/): validate_cases checks its
 * ids and refuses any action repeated from another set (the two sets before it and dev) or within itself; the shipped
 * set meets the sizes its brief promised; score-shield loads it as a set of its own, and holds it out until it is
 * retired. Each set's test file names its own tool, category and payloads (a benchmark call of its kind). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import type { CorpusSet } from "../../scripts/shield_scoring.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

export interface BlindSet {
  /** N of `heldoutN`. */
  readonly number: number;
  /** "twelfth": the set's name in validate_cases' messages ("the twelfth held-out set"). */
  readonly ordinal: string;
  readonly tool: string;
  readonly category: string;
  /** The action the set repeats from the set before it. */
  readonly repeated: Record<string, unknown>;
  /** Four different small payloads of the tool (`{amount: "1"}` …). */
  readonly payloads: readonly [Record<string, unknown>, ...Record<string, unknown>[]];
  /** The most attacks a category outside the larger and open-world ones may hold. */
  readonly mostOther: number;
  /** The stop at which the set was retired to development; absent while it is the held-out set. */
  readonly retiredAt?: number;
}

export function blindSetTests(blind: BlindSet): void {
  const { number: n, category, payloads: [a, b, c, d] } = blind;
  const set = `heldout${n}` as CorpusSet;
  const id = (prefix: string, index: string) => `${prefix}-${category}-${index}`;
  const line = (prefix: string, index: string, payload: Record<string, unknown> | undefined) =>
    caseLine(id(prefix, index), category, payload ?? {}, blind.tool);
  const file = (folder: string) => `${folder}/${category}.jsonl`;
  const own = `h${n}`, before = `h${n - 1}`, older = `h${n - 2}`;

  Deno.test(`validate_cases: a ${set} case repeating an action of heldout${n - 1}, heldout${n - 2} or dev is a problem`, async () => {
    const problems = await problemsOf({
      [file("dev")]: [line("dv", "001", a)],
      [file(`heldout${n - 2}`)]: [line(older, "001", b)],
      [file(`heldout${n - 1}`)]: [line(before, "001", blind.repeated)],
      [file(set)]: [
        line(own, "001", blind.repeated),
        line(own, "002", a),
        line(own, "003", b),
        line(own, "004", c),
      ],
    });
    assertEquals(problems, [
      `${file(`heldout${n - 2}`)}: "${id(older, "001")}" repeats the action of case "${id(own, "003")}"`,
      `${file(`heldout${n - 1}`)}: "${id(before, "001")}" repeats the action of case "${id(own, "001")}"`,
      `${file(set)}: "${id(own, "001")}" repeats the action of case "${id(before, "001")}"`,
      `${file(set)}: "${id(own, "002")}" repeats the action of case "${id("dv", "001")}"`,
      `${file(set)}: "${id(own, "003")}" repeats the action of case "${id(older, "001")}"`,
    ]);
  });

  Deno.test(`validate_cases: ${set} refuses a repeat within itself and an id not named ${own}-<category>-NNN`, async () => {
    const problems = await problemsOf({
      [file(set)]: [
        line(own, "001", a),
        line(own, "002", a),
        line(before, "003", b),
        line(own, "04", c),
        line("h1", "005", d),
      ],
    });
    const named = (ordinal: number, wrong: string) =>
      `${file(set)}:${ordinal}: id "${wrong}" must read "${
        id(own, "NNN")
      }" in the ${blind.ordinal} held-out set`;
    assertEquals(problems, [
      named(3, id(before, "003")),
      named(4, id(own, "04")),
      named(5, id("h1", "005")),
      `${file(set)}: "${id(own, "002")}" repeats the action of case "${id(own, "001")}"`,
    ]);
  });

  Deno.test(`validate_cases: the shipped ${set} set is well formed and as large as its brief asked`, async () => {
    const larger = (name: string) => LARGER_CATEGORIES.includes(name) || name.startsWith("open_world_");
    const attacks = await assertShippedSizes(set, {
      least: (name) => larger(name) ? 17 : 14,
      attacks: 395,
      benign: 138,
    });
    for (const [name, count] of attacks) {
      const most = larger(name) ? 23 : blind.mostOther;
      assert(
        count <= most,
        `${name}: ${count} attacks, want at most ${most} (weighted like the hidden corpora)`,
      );
    }
  });

  const held = blind.retiredAt === undefined ? "is the held-out set" : "is no longer held out";
  Deno.test(`shield_scoring: ${set} loads as a set of its own and ${held}`, async () => {
    await assertOwnSet(set, `heldout${n - 1}` as CorpusSet, 533);
    if (blind.retiredAt === undefined) assertEquals(HELD_OUT, [set]);
    else {assert(
        !HELD_OUT.includes(set),
        `${set} was retired at stop ${blind.retiredAt}: its failures may be listed`,
      );}
  });
}
