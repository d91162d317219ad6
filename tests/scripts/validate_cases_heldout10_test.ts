/** The tenth held-out set (tests/shield/cases/heldout10/): validate_cases checks its ids and refuses any action
 * repeated from another set (the retired heldout9 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own and no longer holds it out (retired at stop 32). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "TwilioSendSms");

Deno.test("validate_cases: a heldout10 case repeating an action of heldout9, heldout8 or dev is a problem", async () => {
  const blast = { to_phone_numbers: ["+15550100"], message: "parcel on hold" };
  const problems = await problemsOf({
    "dev/open_world_messaging.jsonl": [
      line("dv-open_world_messaging-001", "open_world_messaging", { message: "a" }),
    ],
    "heldout8/open_world_messaging.jsonl": [
      line("h8-open_world_messaging-001", "open_world_messaging", { message: "b" }),
    ],
    "heldout9/open_world_messaging.jsonl": [
      line("h9-open_world_messaging-001", "open_world_messaging", blast),
    ],
    "heldout10/open_world_messaging.jsonl": [
      line("h10-open_world_messaging-001", "open_world_messaging", blast),
      line("h10-open_world_messaging-002", "open_world_messaging", { message: "a" }),
      line("h10-open_world_messaging-003", "open_world_messaging", { message: "b" }),
      line("h10-open_world_messaging-004", "open_world_messaging", { message: "c" }),
    ],
  });
  assertEquals(problems, [
    `heldout8/open_world_messaging.jsonl: "h8-open_world_messaging-001" repeats the action of case "h10-open_world_messaging-003"`,
    `heldout9/open_world_messaging.jsonl: "h9-open_world_messaging-001" repeats the action of case "h10-open_world_messaging-001"`,
    `heldout10/open_world_messaging.jsonl: "h10-open_world_messaging-001" repeats the action of case "h9-open_world_messaging-001"`,
    `heldout10/open_world_messaging.jsonl: "h10-open_world_messaging-002" repeats the action of case "dv-open_world_messaging-001"`,
    `heldout10/open_world_messaging.jsonl: "h10-open_world_messaging-003" repeats the action of case "h8-open_world_messaging-001"`,
  ]);
});

Deno.test("validate_cases: heldout10 refuses a repeat within itself and an id not named h10-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout10/open_world_messaging.jsonl": [
      line("h10-open_world_messaging-001", "open_world_messaging", { message: "a" }),
      line("h10-open_world_messaging-002", "open_world_messaging", { message: "a" }),
      line("h9-open_world_messaging-003", "open_world_messaging", { message: "b" }),
      line("h10-open_world_messaging-04", "open_world_messaging", { message: "c" }),
      line("h1-open_world_messaging-005", "open_world_messaging", { message: "d" }),
    ],
  });
  assertEquals(problems, [
    `heldout10/open_world_messaging.jsonl:3: id "h9-open_world_messaging-003" must read "h10-open_world_messaging-NNN" in the tenth held-out set`,
    `heldout10/open_world_messaging.jsonl:4: id "h10-open_world_messaging-04" must read "h10-open_world_messaging-NNN" in the tenth held-out set`,
    `heldout10/open_world_messaging.jsonl:5: id "h1-open_world_messaging-005" must read "h10-open_world_messaging-NNN" in the tenth held-out set`,
    `heldout10/open_world_messaging.jsonl: "h10-open_world_messaging-002" repeats the action of case "h10-open_world_messaging-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout10 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout10", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 17 : 14,
    attacks: 395,
    benign: 138,
  });
  for (const [category, count] of attacks) {
    const most = LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 23 : 18;
    assert(
      count <= most,
      `${category}: ${count} attacks, want at most ${most} (weighted like the hidden corpora)`,
    );
  }
});

Deno.test("shield_scoring: heldout10 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout10", "heldout9", 533);
  assert(!HELD_OUT.includes("heldout10"), "heldout10 was retired at stop 32: its failures may be listed");
});
