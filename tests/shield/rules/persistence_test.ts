/** Every persistence rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { PERSISTENCE_CASES } from "./persistence_cases.ts";

testRuleTable("persistence", PERSISTENCE_CASES);
