/** Every destructive rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { DESTRUCTIVE_CASES } from "./destructive_cases.ts";

testRuleTable("destructive", DESTRUCTIVE_CASES);
