/** Every exfiltration rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { EXFILTRATION_CASES } from "./exfiltration_cases.ts";

testRuleTable("exfiltration", EXFILTRATION_CASES);
