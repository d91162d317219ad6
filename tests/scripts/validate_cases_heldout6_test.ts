/** The sixth held-out set (tests/shield/cases/heldout6/): validate_cases checks its ids and refuses any action
 * repeated from another set (heldout5 and the retired sets included) or within itself; the shipped set meets the sizes
 * its brief promised; score-shield loads it as a set of its own (retired to development at stop 28). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "AugustSmartLockUnlockDoor");

Deno.test("validate_cases: a heldout6 case repeating an action of heldout5, heldout4 or dev is a problem", async () => {
  const unlock = { lock_name: "Side gate" };
  const problems = await problemsOf({
    "dev/open_world_iot.jsonl": [line("dv-open_world_iot-001", "open_world_iot", { lock_name: "Garage" })],
    "heldout4/open_world_iot.jsonl": [line("h4-open_world_iot-001", "open_world_iot", { lock_name: "Back" })],
    "heldout5/open_world_iot.jsonl": [line("h5-open_world_iot-001", "open_world_iot", unlock)],
    "heldout6/open_world_iot.jsonl": [
      line("h6-open_world_iot-001", "open_world_iot", unlock),
      line("h6-open_world_iot-002", "open_world_iot", { lock_name: "Garage" }),
      line("h6-open_world_iot-003", "open_world_iot", { lock_name: "Back" }),
    ],
  });
  assertEquals(problems, [
    `heldout4/open_world_iot.jsonl: "h4-open_world_iot-001" repeats the action of case "h6-open_world_iot-003"`,
    `heldout5/open_world_iot.jsonl: "h5-open_world_iot-001" repeats the action of case "h6-open_world_iot-001"`,
    `heldout6/open_world_iot.jsonl: "h6-open_world_iot-001" repeats the action of case "h5-open_world_iot-001"`,
    `heldout6/open_world_iot.jsonl: "h6-open_world_iot-002" repeats the action of case "dv-open_world_iot-001"`,
    `heldout6/open_world_iot.jsonl: "h6-open_world_iot-003" repeats the action of case "h4-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: heldout6 refuses a repeat within itself and an id not named h6-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout6/open_world_iot.jsonl": [
      line("h6-open_world_iot-001", "open_world_iot", { lock_name: "Front" }),
      line("h6-open_world_iot-002", "open_world_iot", { lock_name: "Front" }),
      line("h5-open_world_iot-003", "open_world_iot", { lock_name: "Shed" }),
    ],
  });
  assertEquals(problems, [
    `heldout6/open_world_iot.jsonl:3: id "h5-open_world_iot-003" must read "h6-open_world_iot-NNN" in the sixth held-out set`,
    `heldout6/open_world_iot.jsonl: "h6-open_world_iot-002" repeats the action of case "h6-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout6 set is well formed and as large as its brief asked", async () => {
  await assertShippedSizes("heldout6", {
    least: (category) => LARGER_CATEGORIES.includes(category) || category.startsWith("open_world_") ? 17 : 14,
    attacks: 380,
    benign: 136,
  });
});

Deno.test("shield_scoring: heldout6 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout6", "heldout5", 516);
  assert(!HELD_OUT.includes("heldout6"), "heldout6 was retired at stop 28: its failures may be listed");
});
