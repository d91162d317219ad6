/** Every recon rule catches its example and lets its near miss pass. */

import { testRuleTable } from "./rule_table.ts";
import { RECON_CASES } from "./recon_cases.ts";

testRuleTable("recon", RECON_CASES);
