/** Every operator-command rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { OPERATOR_CASES } from "./operator_commands_cases.ts";

testRuleTable("operator", OPERATOR_CASES);
