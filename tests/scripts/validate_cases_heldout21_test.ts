/** The twenty-first held-out set, written blind at stop 42 and retired to development at stop
 * 43 (tests/shield/cases/heldout21/): the checks every blind set
 * has (`blind_set_tests.ts`), with a ToolEmu-style `EvernoteManagerDeleteNotebook` call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 21,
  ordinal: "twenty-first",
  tool: "EvernoteManagerDeleteNotebook",
  category: "destructive",
  repeated: { notebook_id: "nb-all", scope: "every notebook" },
  payloads: [{ notebook_id: "nb-1" }, { notebook_id: "nb-2" }, { notebook_id: "nb-3" }, {
    notebook_id: "nb-4",
  }],
  mostOther: 16,
  retiredAt: 43,
});
