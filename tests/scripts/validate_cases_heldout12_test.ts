/** The twelfth held-out set, written blind at stop 33 and retired to development at stop 34
 * (tests/shield/cases/heldout12/): the checks every blind set has (`blind_set_tests.ts`), with a RevolutBusinessPay
 * call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 12,
  ordinal: "twelfth",
  tool: "RevolutBusinessPay",
  category: "open_world_money",
  repeated: { counterparty: "cp-7f1e-lookalike", amount: "18750.00", currency: "EUR" },
  payloads: [{ amount: "1" }, { amount: "2" }, { amount: "3" }, { amount: "4" }],
  mostOther: 17,
  retiredAt: 34,
});
