/** Every subagent rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { SUBAGENT_CASES } from "./subagent_cases.ts";

testRuleTable("subagent", SUBAGENT_CASES);
