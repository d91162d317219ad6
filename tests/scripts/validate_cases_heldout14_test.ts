/** The fourteenth held-out set, written blind at stop 35 and retired to development at stop 36
 * (tests/shield/cases/heldout14/): the checks every blind set has (`blind_set_tests.ts`), with a ToolEmu-style
 * `EthereumManagerTransferEther` call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 14,
  ordinal: "fourteenth",
  tool: "EthereumManagerTransferEther",
  category: "open_world_money",
  repeated: { from_address: "0x1111", to_address: "0x2222", amount_ether: 3.5 },
  payloads: [{ amount_ether: 1 }, { amount_ether: 2 }, { amount_ether: 3 }, { amount_ether: 4 }],
  mostOther: 17,
  retiredAt: 36,
});
