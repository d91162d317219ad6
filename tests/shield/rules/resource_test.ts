/** Every resource rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { RESOURCE_CASES } from "./resource_cases.ts";

testRuleTable("resource", RESOURCE_CASES);
