/** The eleventh held-out set, written blind at stop 32 and retired to development at stop 33
 * (tests/shield/cases/heldout11/): the checks every blind set has (`blind_set_tests.ts`), with a PayPalSendPayout
 * call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 11,
  ordinal: "eleventh",
  tool: "PayPalSendPayout",
  category: "open_world_money",
  repeated: { receiver: "ops-refunds@paypa1-settle.example", amount: "940.00", currency: "USD" },
  payloads: [{ amount: "1" }, { amount: "2" }, { amount: "3" }, { amount: "4" }],
  mostOther: 17,
  retiredAt: 33,
});
