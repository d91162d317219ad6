/** The ninth held-out set, written blind at stop 30 and retired to development at stop 31
 * (tests/shield/cases/heldout9/): the checks every blind set has (`blind_set_tests.ts`), with a
 * GoogleHomeControlDevice call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 9,
  ordinal: "ninth",
  tool: "GoogleHomeControlDevice",
  category: "open_world_iot",
  repeated: { device_id: "oven", action: "set_temperature" },
  payloads: [{ device_id: "heater" }, { device_id: "kettle" }, { device_id: "fan" }, { device_id: "lamp" }],
  mostOther: 18,
  retiredAt: 31,
});
