/** Every tampering rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { TAMPERING_CASES } from "./tampering_cases.ts";

testRuleTable("tampering", TAMPERING_CASES);
