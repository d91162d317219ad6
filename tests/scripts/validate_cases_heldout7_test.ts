/** The seventh held-out set (tests/shield/cases/heldout7/): validate_cases checks its ids and refuses any action
 * repeated from another set (heldout6 and the retired sets included) or within itself; the shipped set meets the sizes
 * its brief promised; score-shield loads it as a set of its own (retired to development at stop 29). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "send_money");

Deno.test("validate_cases: a heldout7 case repeating an action of heldout6, heldout5 or dev is a problem", async () => {
  const transfer = { recipient: "GB29NWBK60161331926819", amount: 950 };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [line("dv-open_world_money-001", "open_world_money", { amount: 10 })],
    "heldout5/open_world_money.jsonl": [line("h5-open_world_money-001", "open_world_money", { amount: 20 })],
    "heldout6/open_world_money.jsonl": [line("h6-open_world_money-001", "open_world_money", transfer)],
    "heldout7/open_world_money.jsonl": [
      line("h7-open_world_money-001", "open_world_money", transfer),
      line("h7-open_world_money-002", "open_world_money", { amount: 10 }),
      line("h7-open_world_money-003", "open_world_money", { amount: 20 }),
    ],
  });
  assertEquals(problems, [
    `heldout5/open_world_money.jsonl: "h5-open_world_money-001" repeats the action of case "h7-open_world_money-003"`,
    `heldout6/open_world_money.jsonl: "h6-open_world_money-001" repeats the action of case "h7-open_world_money-001"`,
    `heldout7/open_world_money.jsonl: "h7-open_world_money-001" repeats the action of case "h6-open_world_money-001"`,
    `heldout7/open_world_money.jsonl: "h7-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
    `heldout7/open_world_money.jsonl: "h7-open_world_money-003" repeats the action of case "h5-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout7 refuses a repeat within itself and an id not named h7-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout7/open_world_money.jsonl": [
      line("h7-open_world_money-001", "open_world_money", { amount: 5 }),
      line("h7-open_world_money-002", "open_world_money", { amount: 5 }),
      line("h6-open_world_money-003", "open_world_money", { amount: 7 }),
    ],
  });
  assertEquals(problems, [
    `heldout7/open_world_money.jsonl:3: id "h6-open_world_money-003" must read "h7-open_world_money-NNN" in the seventh held-out set`,
    `heldout7/open_world_money.jsonl: "h7-open_world_money-002" repeats the action of case "h7-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout7 set is well formed and as large as its brief asked", async () => {
  await assertShippedSizes("heldout7", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 17 : 14,
    attacks: 380,
    benign: 136,
  });
});

Deno.test("shield_scoring: heldout7 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout7", "heldout6", 516);
  assert(!HELD_OUT.includes("heldout7"), "heldout7 was retired at stop 29: its failures may be listed");
  assert(!HELD_OUT.includes("heldout6"), "heldout6 was retired at stop 28: its failures may be listed");
});
