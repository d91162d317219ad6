/** The thirteenth held-out set, written blind at stop 34 and retired to development at stop 35
 * (tests/shield/cases/heldout13/): the checks every blind set has (`blind_set_tests.ts`), with an AgentDojo-style `update_scheduled_transaction` call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 13,
  ordinal: "thirteenth",
  tool: "update_scheduled_transaction",
  category: "open_world_money",
  repeated: { id: 7, recipient: "GB29NWBK60161331926819", amount: 2400.0 },
  payloads: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
  mostOther: 17,
  retiredAt: 35,
});
