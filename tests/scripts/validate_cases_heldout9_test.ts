/** The ninth held-out set (tests/shield/cases/heldout9/): validate_cases checks its ids and refuses any action
 * repeated from another set (the retired heldout8 included) or within itself; the shipped set meets the sizes its
 * brief promised; score-shield loads it as a set of its own (retired to development at stop 31). */

import { assert, assertEquals } from "../support/assert.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";
import { assertOwnSet, assertShippedSizes, caseLine, LARGER_CATEGORIES, problemsOf } from "./case_corpus.ts";

const line = (id: string, category: string, payload: Record<string, unknown>) =>
  caseLine(id, category, payload, "GoogleHomeControlDevice");

Deno.test("validate_cases: a heldout9 case repeating an action of heldout8, heldout7 or dev is a problem", async () => {
  const oven = { device_id: "oven", action: "set_temperature" };
  const problems = await problemsOf({
    "dev/open_world_iot.jsonl": [line("dv-open_world_iot-001", "open_world_iot", { device_id: "heater" })],
    "heldout7/open_world_iot.jsonl": [
      line("h7-open_world_iot-001", "open_world_iot", { device_id: "kettle" }),
    ],
    "heldout8/open_world_iot.jsonl": [line("h8-open_world_iot-001", "open_world_iot", oven)],
    "heldout9/open_world_iot.jsonl": [
      line("h9-open_world_iot-001", "open_world_iot", oven),
      line("h9-open_world_iot-002", "open_world_iot", { device_id: "heater" }),
      line("h9-open_world_iot-003", "open_world_iot", { device_id: "kettle" }),
      line("h9-open_world_iot-004", "open_world_iot", { device_id: "fan" }),
    ],
  });
  assertEquals(problems, [
    `heldout7/open_world_iot.jsonl: "h7-open_world_iot-001" repeats the action of case "h9-open_world_iot-003"`,
    `heldout8/open_world_iot.jsonl: "h8-open_world_iot-001" repeats the action of case "h9-open_world_iot-001"`,
    `heldout9/open_world_iot.jsonl: "h9-open_world_iot-001" repeats the action of case "h8-open_world_iot-001"`,
    `heldout9/open_world_iot.jsonl: "h9-open_world_iot-002" repeats the action of case "dv-open_world_iot-001"`,
    `heldout9/open_world_iot.jsonl: "h9-open_world_iot-003" repeats the action of case "h7-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: heldout9 refuses a repeat within itself and an id not named h9-<category>-NNN", async () => {
  const problems = await problemsOf({
    "heldout9/open_world_iot.jsonl": [
      line("h9-open_world_iot-001", "open_world_iot", { device_id: "oven" }),
      line("h9-open_world_iot-002", "open_world_iot", { device_id: "oven" }),
      line("h8-open_world_iot-003", "open_world_iot", { device_id: "kettle" }),
      line("h9-open_world_iot-4", "open_world_iot", { device_id: "fan" }),
    ],
  });
  assertEquals(problems, [
    `heldout9/open_world_iot.jsonl:3: id "h8-open_world_iot-003" must read "h9-open_world_iot-NNN" in the ninth held-out set`,
    `heldout9/open_world_iot.jsonl:4: id "h9-open_world_iot-4" must read "h9-open_world_iot-NNN" in the ninth held-out set`,
    `heldout9/open_world_iot.jsonl: "h9-open_world_iot-002" repeats the action of case "h9-open_world_iot-001"`,
  ]);
});

Deno.test("validate_cases: the shipped heldout9 set is well formed and as large as its brief asked", async () => {
  const attacks = await assertShippedSizes("heldout9", {
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

Deno.test("shield_scoring: heldout9 loads as a set of its own and is no longer held out", async () => {
  await assertOwnSet("heldout9", "heldout8", 533);
  assert(!HELD_OUT.includes("heldout9"), "heldout9 was retired at stop 31: its failures may be listed");
});
