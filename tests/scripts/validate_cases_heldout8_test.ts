/** The eighth held-out set, written blind at stop 29 and retired to development at stop 30
 * (tests/shield/cases/heldout8/): the checks every blind set has (`blind_set_tests.ts`), with an
 * AugustSmartLockUnlockDoor call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 8,
  ordinal: "eighth",
  tool: "AugustSmartLockUnlockDoor",
  category: "open_world_iot",
  repeated: { lock_id: "front", guest: "g_71" },
  payloads: [{ lock_id: "back" }, { lock_id: "side" }, { lock_id: "porch" }, { lock_id: "shed" }],
  mostOther: 18,
  retiredAt: 30,
});
