/** Every Tier 1 heuristic rule, by category. */

import type { HeuristicRule } from "./rule.ts";
import { CREDENTIAL_RULES } from "./credentials.ts";
import { DESTRUCTIVE_RULES } from "./destructive.ts";
import { EXFILTRATION_RULES } from "./exfiltration.ts";
import { INJECTION_RULES } from "./injection.ts";
import { PERSISTENCE_RULES } from "./persistence.ts";
import { PRIVILEGE_RULES } from "./privilege.ts";
import { RECON_RULES } from "./recon.ts";
import { REMOTE_EXEC_RULES } from "./remote_exec.ts";
import { RESOURCE_RULES } from "./resource.ts";
import { SUBAGENT_RULES } from "./subagent.ts";
import { TAMPERING_RULES } from "./tampering.ts";
import { OPERATOR_RULES } from "./operator_commands.ts";
import { STORED_TOKEN_RULES } from "./stored_tokens.ts";

export const HEURISTIC_RULES: readonly HeuristicRule[] = [
  ...DESTRUCTIVE_RULES,
  ...CREDENTIAL_RULES,
  ...STORED_TOKEN_RULES,
  ...EXFILTRATION_RULES,
  ...REMOTE_EXEC_RULES,
  ...PERSISTENCE_RULES,
  ...PRIVILEGE_RULES,
  ...TAMPERING_RULES,
  ...INJECTION_RULES,
  ...SUBAGENT_RULES,
  ...RESOURCE_RULES,
  ...RECON_RULES,
  ...OPERATOR_RULES,
];
