/** Every injection rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { INJECTION_CASES } from "./injection_cases.ts";

testRuleTable("injection", INJECTION_CASES);
