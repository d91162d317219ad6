/** The fifth held-out set (tests/shield/cases/heldout5/): validate_cases checks its ids and refuses any action
 * repeated from another set (heldout3 and heldout4 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own and, as the blind set, never lists its failures. */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "send_money");

Deno.test("validate_cases: a heldout5 case repeating an action of heldout4, heldout3 or dev is a problem", async () => {
  const money = { recipient: "GB29NWBK60161331926819", amount: 75 };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [line("dv-open_world_money-001", "open_world_money", { amount: 3 })],
    "heldout3/open_world_money.jsonl": [line("h3-open_world_money-001", "open_world_money", { amount: 4 })],
    "heldout4/open_world_money.jsonl": [line("h4-open_world_money-001", "open_world_money", money)],
    "heldout5/open_world_money.jsonl": [
      line("h5-open_world_money-001", "open_world_money", money),
      line("h5-open_world_money-002", "open_world_money", { amount: 3 }),
      line("h5-open_world_money-003", "open_world_money", { amount: 4 }),
    ],
  });
  assertEquals(problems, [
    `heldout3/open_world_money.jsonl: "h3-open_world_money-001" repeats the action of case "h5-open_world_money-003"`,
    `heldout4/open_world_money.jsonl: "h4-open_world_money-001" repeats the action of case "h5-open_world_money-001"`,
    `heldout5/open_world_money.jsonl: "h5-open_world_money-001" repeats the action of case "h4-open_world_money-001"`,
    `heldout5/open_world_money.jsonl: "h5-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
    `heldout5/open_world_money.jsonl: "h5-open_world_money-003" repeats the action of case "h3-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout5 refuses a repeat within itself and an id not named h5-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout5/open_world_money.jsonl": [
      line("h5-open_world_money-001", "open_world_money", { amount: 9 }),
      line("h5-open_world_money-002", "open_world_money", { amount: 9 }),
      line("h4-open_world_money-003", "open_world_money", { amount: 10 }),
    ],
  });
  assertEquals(problems, [
    `heldout5/open_world_money.jsonl:3: id "h4-open_world_money-003" must read "h5-open_world_money-NNN" in the fifth held-out set`,
    `heldout5/open_world_money.jsonl: "h5-open_world_money-002" repeats the action of case "h5-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout5 set is well formed and as large as its brief asked", async () => {
  await assertShippedSizes("heldout5", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 16 : 12,
    attacks: 340,
    benign: 130,
  });
});

Deno.test("shield_scoring: heldout5 loads as a set of its own, retired to development at stop 27", async () => {
  await assertOwnSet("heldout5", "heldout4", 470);
  assert(!HELD_OUT.includes("heldout5"), "heldout5 was retired at stop 27: its failures may be listed");
});
