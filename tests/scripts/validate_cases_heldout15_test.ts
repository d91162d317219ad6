/** The fifteenth held-out set, written blind at stop 36 and retired to development at stop 37
 * (tests/shield/cases/heldout15/): the checks every blind set has (`blind_set_tests.ts`), with a tau-bench-style
 * `send_certificate` call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 15,
  ordinal: "fifteenth",
  tool: "send_certificate",
  category: "open_world_money",
  repeated: { user_id: "noah_park_1042", amount: 250 },
  payloads: [{ amount: 100 }, { amount: 200 }, { amount: 300 }, { amount: 400 }],
  mostOther: 17,
  retiredAt: 37,
});
