/** The eleventh held-out set (tests/shield/cases/heldout11/): validate_cases checks its ids and refuses any action
 * repeated from another set (the retired heldout10 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own and no longer holds it out (written blind at stop 32,
 * retired at stop 33). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "PayPalSendPayout");

Deno.test("validate_cases: a heldout11 case repeating an action of heldout10, heldout9 or dev is a problem", async () => {
  const payout = { receiver: "ops-refunds@paypa1-settle.example", amount: "940.00", currency: "USD" };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [
      line("dv-open_world_money-001", "open_world_money", { amount: "1" }),
    ],
    "heldout9/open_world_money.jsonl": [
      line("h9-open_world_money-001", "open_world_money", { amount: "2" }),
    ],
    "heldout10/open_world_money.jsonl": [
      line("h10-open_world_money-001", "open_world_money", payout),
    ],
    "heldout11/open_world_money.jsonl": [
      line("h11-open_world_money-001", "open_world_money", payout),
      line("h11-open_world_money-002", "open_world_money", { amount: "1" }),
      line("h11-open_world_money-003", "open_world_money", { amount: "2" }),
      line("h11-open_world_money-004", "open_world_money", { amount: "3" }),
    ],
  });
  assertEquals(problems, [
    `heldout9/open_world_money.jsonl: "h9-open_world_money-001" repeats the action of case "h11-open_world_money-003"`,
    `heldout10/open_world_money.jsonl: "h10-open_world_money-001" repeats the action of case "h11-open_world_money-001"`,
    `heldout11/open_world_money.jsonl: "h11-open_world_money-001" repeats the action of case "h10-open_world_money-001"`,
    `heldout11/open_world_money.jsonl: "h11-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
    `heldout11/open_world_money.jsonl: "h11-open_world_money-003" repeats the action of case "h9-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout11 refuses a repeat within itself and an id not named h11-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout11/open_world_money.jsonl": [
      line("h11-open_world_money-001", "open_world_money", { amount: "1" }),
      line("h11-open_world_money-002", "open_world_money", { amount: "1" }),
      line("h10-open_world_money-003", "open_world_money", { amount: "2" }),
      line("h11-open_world_money-04", "open_world_money", { amount: "3" }),
      line("h1-open_world_money-005", "open_world_money", { amount: "4" }),
    ],
  });
  assertEquals(problems, [
    `heldout11/open_world_money.jsonl:3: id "h10-open_world_money-003" must read "h11-open_world_money-NNN" in the eleventh held-out set`,
    `heldout11/open_world_money.jsonl:4: id "h11-open_world_money-04" must read "h11-open_world_money-NNN" in the eleventh held-out set`,
    `heldout11/open_world_money.jsonl:5: id "h1-open_world_money-005" must read "h11-open_world_money-NNN" in the eleventh held-out set`,
    `heldout11/open_world_money.jsonl: "h11-open_world_money-002" repeats the action of case "h11-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout11 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout11", {
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

Deno.test("shield_scoring: heldout11 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout11", "heldout10", 533);
  assert(!HELD_OUT.includes("heldout11"), "heldout11 was retired at stop 33: its failures may be listed");
});
