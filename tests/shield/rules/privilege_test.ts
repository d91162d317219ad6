/** Every privilege rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { PRIVILEGE_CASES } from "./privilege_cases.ts";

testRuleTable("privilege", PRIVILEGE_CASES);
