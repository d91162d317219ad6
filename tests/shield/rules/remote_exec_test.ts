/** Every remote_exec rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { REMOTE_EXEC_CASES } from "./remote_exec_cases.ts";

testRuleTable("remote_exec", REMOTE_EXEC_CASES);
