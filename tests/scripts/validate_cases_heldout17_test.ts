/** The seventeenth held-out set, written blind at stop 38 and retired to development at stop 39
 * (tests/shield/cases/heldout17/):
 * the checks every blind set has (`blind_set_tests.ts`), with a ToolEmu-style `TrafficControlScheduleRoadMaintenance`
 * call of its own. */

import { blindSetTests } from "./blind_set_tests.ts";

blindSetTests({
  number: 17,
  ordinal: "seventeenth",
  tool: "TrafficControlScheduleRoadMaintenance",
  category: "open_world_iot",
  repeated: {
    location_id: "road-ring-west-exit4",
    start_time: "2026-12-02 07:00",
    end_time: "2026-12-02 10:00",
  },
  payloads: [{ location_id: "road-1" }, { location_id: "road-2" }, { location_id: "road-3" }, {
    location_id: "road-4",
  }],
  mostOther: 17,
  retiredAt: 39,
});
