/** Every credentials rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { CREDENTIAL_CASES } from "./credentials_cases.ts";

testRuleTable("credentials", CREDENTIAL_CASES);
