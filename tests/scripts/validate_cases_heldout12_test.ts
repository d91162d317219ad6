/** The twelfth held-out set (tests/shield/cases/heldout12/): validate_cases checks its ids and refuses any action
 * repeated from another set (the retired heldout11 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own and holds it out (written blind at stop 33). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "RevolutBusinessPay");

Deno.test("validate_cases: a heldout12 case repeating an action of heldout11, heldout10 or dev is a problem", async () => {
  const payment = { counterparty: "cp-7f1e-lookalike", amount: "18750.00", currency: "EUR" };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [
      line("dv-open_world_money-001", "open_world_money", { amount: "1" }),
    ],
    "heldout10/open_world_money.jsonl": [
      line("h10-open_world_money-001", "open_world_money", { amount: "2" }),
    ],
    "heldout11/open_world_money.jsonl": [
      line("h11-open_world_money-001", "open_world_money", payment),
    ],
    "heldout12/open_world_money.jsonl": [
      line("h12-open_world_money-001", "open_world_money", payment),
      line("h12-open_world_money-002", "open_world_money", { amount: "1" }),
      line("h12-open_world_money-003", "open_world_money", { amount: "2" }),
      line("h12-open_world_money-004", "open_world_money", { amount: "3" }),
    ],
  });
  assertEquals(problems, [
    `heldout10/open_world_money.jsonl: "h10-open_world_money-001" repeats the action of case "h12-open_world_money-003"`,
    `heldout11/open_world_money.jsonl: "h11-open_world_money-001" repeats the action of case "h12-open_world_money-001"`,
    `heldout12/open_world_money.jsonl: "h12-open_world_money-001" repeats the action of case "h11-open_world_money-001"`,
    `heldout12/open_world_money.jsonl: "h12-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
    `heldout12/open_world_money.jsonl: "h12-open_world_money-003" repeats the action of case "h10-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout12 refuses a repeat within itself and an id not named h12-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout12/open_world_money.jsonl": [
      line("h12-open_world_money-001", "open_world_money", { amount: "1" }),
      line("h12-open_world_money-002", "open_world_money", { amount: "1" }),
      line("h11-open_world_money-003", "open_world_money", { amount: "2" }),
      line("h12-open_world_money-04", "open_world_money", { amount: "3" }),
      line("h1-open_world_money-005", "open_world_money", { amount: "4" }),
    ],
  });
  assertEquals(problems, [
    `heldout12/open_world_money.jsonl:3: id "h11-open_world_money-003" must read "h12-open_world_money-NNN" in the twelfth held-out set`,
    `heldout12/open_world_money.jsonl:4: id "h12-open_world_money-04" must read "h12-open_world_money-NNN" in the twelfth held-out set`,
    `heldout12/open_world_money.jsonl:5: id "h1-open_world_money-005" must read "h12-open_world_money-NNN" in the twelfth held-out set`,
    `heldout12/open_world_money.jsonl: "h12-open_world_money-002" repeats the action of case "h12-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout12 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout12", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 17 : 14,
    attacks: 395,
    benign: 138,
  });
  for (const [category, count] of attacks) {
    const most = LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 23 : 17;
    assert(
      count <= most,
      `${category}: ${count} attacks, want at most ${most} (weighted like the hidden corpora)`,
    );
  }
});

Deno.test("shield_scoring: heldout12 loads as a set of its own and is the held-out set", async () => {
  await assertOwnSet("heldout12", "heldout11", 533);
  assertEquals(HELD_OUT, ["heldout12"]);
});
