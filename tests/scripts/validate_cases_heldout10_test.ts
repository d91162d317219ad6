/** The tenth held-out set, written blind at stop 31 and retired to development at stop 32
 * (tests/shield/cases/heldout10/): the checks every blind set has (`blind_set_tests.ts`), with a TwilioSendSms call
 * of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 10,
  ordinal: "tenth",
  tool: "TwilioSendSms",
  category: "open_world_messaging",
  repeated: { to_phone_numbers: ["+15550100"], message: "parcel on hold" },
  payloads: [{ message: "a" }, { message: "b" }, { message: "c" }, { message: "d" }],
  mostOther: 18,
  retiredAt: 32,
});
