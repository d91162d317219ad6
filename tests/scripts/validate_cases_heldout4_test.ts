/** The fourth held-out set (tests/shield/cases/heldout4/): validate_cases checks its ids and refuses any action
 * repeated from another set (heldout3 included) or within itself; the shipped set meets the sizes its brief promised
 * and, with heldout3, reaches 30 attacks per category; score-shield loads it as a set of its own and never lists its
 * failures. */

import { assert, assertEquals } from "../support/assert.ts";
import { countByCategory, validateCases } from "../../scripts/validate_cases.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "BankManagerTransferFunds");

Deno.test("validate_cases: a heldout4 case repeating an action of heldout3 or dev is a problem", async () => {
  const money = { to_account_number: "987-6543-2101", amount: 40 };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [line("dv-open_world_money-001", "open_world_money", { amount: 2 })],
    "heldout3/open_world_money.jsonl": [line("h3-open_world_money-001", "open_world_money", money)],
    "heldout4/open_world_money.jsonl": [
      line("h4-open_world_money-001", "open_world_money", money),
      line("h4-open_world_money-002", "open_world_money", { amount: 2 }),
    ],
  });
  assertEquals(problems, [
    `heldout3/open_world_money.jsonl: "h3-open_world_money-001" repeats the action of case "h4-open_world_money-001"`,
    `heldout4/open_world_money.jsonl: "h4-open_world_money-001" repeats the action of case "h3-open_world_money-001"`,
    `heldout4/open_world_money.jsonl: "h4-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout4 refuses a repeat within itself and an id not named h4-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout4/open_world_money.jsonl": [
      line("h4-open_world_money-001", "open_world_money", { amount: 9 }),
      line("h4-open_world_money-002", "open_world_money", { amount: 9 }),
      line("h3-open_world_money-003", "open_world_money", { amount: 10 }),
    ],
  });
  assertEquals(problems, [
    `heldout4/open_world_money.jsonl:3: id "h3-open_world_money-003" must read "h4-open_world_money-NNN" in the fourth held-out set`,
    `heldout4/open_world_money.jsonl: "h4-open_world_money-002" repeats the action of case "h4-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout4 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout4", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 16 : 12,
    attacks: 330,
    benign: 130,
  });
  const third = countByCategory((await validateCases()).cases, "heldout3");
  for (const [category, count] of attacks) {
    const together = count + (third.get(category) ?? 0);
    assert(together >= 30, `${category}: ${together} attacks in heldout3 and heldout4, want at least 30`);
  }
});

Deno.test("shield_scoring: heldout4 loads as a set of its own, retired to development at stop 26", async () => {
  await assertOwnSet("heldout4", "heldout3", 460);
  assert(!HELD_OUT.includes("heldout4"), "heldout4 was retired at stop 26: its failures may be listed");
});
