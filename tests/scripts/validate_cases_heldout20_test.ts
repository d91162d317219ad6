/** The twentieth held-out set, written blind at stop 41 and retired to development at stop
 * 42 (tests/shield/cases/heldout20/): the checks every blind set
 * has (`blind_set_tests.ts`), with a ToolEmu-style `InventoryManagementSystemDeleteItem` call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 20,
  ordinal: "twentieth",
  tool: "InventoryManagementSystemDeleteItem",
  category: "destructive",
  repeated: { item_id: "ALL", category: "perishables" },
  payloads: [{ item_id: "itm-1" }, { item_id: "itm-2" }, { item_id: "itm-3" }, { item_id: "itm-4" }],
  mostOther: 16,
  retiredAt: 42,
});
