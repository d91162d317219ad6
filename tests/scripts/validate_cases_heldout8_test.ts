/** The eighth held-out set (tests/shield/cases/heldout8/): validate_cases checks its ids and refuses any action
 * repeated from another set (the retired heldout7 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own (retired to development at stop 30). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "AugustSmartLockUnlockDoor");

Deno.test("validate_cases: a heldout8 case repeating an action of heldout7, heldout6 or dev is a problem", async () => {
  const unlock = { lock_id: "front", guest: "g_71" };
  const problems = await problemsOf({
    "dev/open_world_iot.jsonl": [line("dv-open_world_iot-001", "open_world_iot", { lock_id: "back" })],
    "heldout6/open_world_iot.jsonl": [line("h6-open_world_iot-001", "open_world_iot", { lock_id: "side" })],
    "heldout7/open_world_iot.jsonl": [line("h7-open_world_iot-001", "open_world_iot", unlock)],
    "heldout8/open_world_iot.jsonl": [
      line("h8-open_world_iot-001", "open_world_iot", unlock),
      line("h8-open_world_iot-002", "open_world_iot", { lock_id: "back" }),
      line("h8-open_world_iot-003", "open_world_iot", { lock_id: "side" }),
      line("h8-open_world_iot-004", "open_world_iot", { lock_id: "garage" }),
    ],
  });
  assertEquals(problems, [
    `heldout6/open_world_iot.jsonl: "h6-open_world_iot-001" repeats the action of case "h8-open_world_iot-003"`,
    `heldout7/open_world_iot.jsonl: "h7-open_world_iot-001" repeats the action of case "h8-open_world_iot-001"`,
    `heldout8/open_world_iot.jsonl: "h8-open_world_iot-001" repeats the action of case "h7-open_world_iot-001"`,
    `heldout8/open_world_iot.jsonl: "h8-open_world_iot-002" repeats the action of case "dv-open_world_iot-001"`,
    `heldout8/open_world_iot.jsonl: "h8-open_world_iot-003" repeats the action of case "h6-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: heldout8 refuses a repeat within itself and an id not named h8-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout8/open_world_iot.jsonl": [
      line("h8-open_world_iot-001", "open_world_iot", { lock_id: "front" }),
      line("h8-open_world_iot-002", "open_world_iot", { lock_id: "front" }),
      line("h7-open_world_iot-003", "open_world_iot", { lock_id: "porch" }),
      line("h8-open_world_iot-4", "open_world_iot", { lock_id: "shed" }),
    ],
  });
  assertEquals(problems, [
    `heldout8/open_world_iot.jsonl:3: id "h7-open_world_iot-003" must read "h8-open_world_iot-NNN" in the eighth held-out set`,
    `heldout8/open_world_iot.jsonl:4: id "h8-open_world_iot-4" must read "h8-open_world_iot-NNN" in the eighth held-out set`,
    `heldout8/open_world_iot.jsonl: "h8-open_world_iot-002" repeats the action of case "h8-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout8 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout8", {
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

Deno.test("shield_scoring: heldout8 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout8", "heldout7", 533);
  assert(!HELD_OUT.includes("heldout8"), "heldout8 was retired at stop 30: its failures may be listed");
});
