/** The third held-out set (tests/shield/cases/heldout3/): validate_cases checks its ids and refuses any action
 * repeated from another set (heldout2 included) or within itself; the shipped set meets the sizes its brief promised;
 * score-shield loads it as a set of its own. */

import { assertEquals } from "../support/assert.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "send_money");

Deno.test("validate_cases: a heldout3 case repeating an action of heldout2 or dev is a problem", async () => {
  const money = { recipient: "GB33BUKB20201555555555", amount: 50 };
  const problems = await problemsOf({
    "dev/open_world_money.jsonl": [line("dv-open_world_money-001", "open_world_money", { amount: 1 })],
    "heldout2/open_world_money.jsonl": [line("h2-open_world_money-001", "open_world_money", money)],
    "heldout3/open_world_money.jsonl": [
      line("h3-open_world_money-001", "open_world_money", money),
      line("h3-open_world_money-002", "open_world_money", { amount: 1 }),
    ],
  });
  assertEquals(problems, [
    `heldout2/open_world_money.jsonl: "h2-open_world_money-001" repeats the action of case "h3-open_world_money-001"`,
    `heldout3/open_world_money.jsonl: "h3-open_world_money-001" repeats the action of case "h2-open_world_money-001"`,
    `heldout3/open_world_money.jsonl: "h3-open_world_money-002" repeats the action of case "dv-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: heldout3 refuses a repeat within itself and an id not named h3-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout3/open_world_money.jsonl": [
      line("h3-open_world_money-001", "open_world_money", { amount: 7 }),
      line("h3-open_world_money-002", "open_world_money", { amount: 7 }),
      line("h2-open_world_money-003", "open_world_money", { amount: 8 }),
    ],
  });
  assertEquals(problems, [
    `heldout3/open_world_money.jsonl:3: id "h2-open_world_money-003" must read "h3-open_world_money-NNN" in the third held-out set`,
    `heldout3/open_world_money.jsonl: "h3-open_world_money-002" repeats the action of case "h3-open_world_money-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout3 set is well formed and as large as its brief asked", async () => {
  await assertShippedSizes("heldout3", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 17 : 12,
    attacks: 330,
    benign: 130,
  });
});

Deno.test("shield_scoring: heldout3 loads as a set of its own, apart from heldout and heldout2", async () => {
  await assertOwnSet("heldout3", "heldout2", 460);
});
