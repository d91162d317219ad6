/** Shield's public entry. Shield stands alone: it imports nothing of the engine, which supplies the ports
 * (Tier 2 client, budget counter, approval requester, observer) through ShieldOptions. */

export { createShield } from "./shield.ts";
export { createLazyShield, type LazyShield } from "./lazy_shield.ts";
export type { Shield, ShieldOptions } from "./shield.ts";
export { actionHash } from "./action_hash.ts";
export { checkPolicyFile, loadPolicyFile, parsePolicy } from "./policy.ts";
export type { Policy, PolicyRule } from "./policy.ts";
export { writePolicyPresets } from "./policy_presets.ts";
export { DEFAULT_POLICY_YAML } from "./presets/default_policy.ts";
export { PERMISSIVE_POLICY_YAML } from "./presets/permissive_policy.ts";
export { STRICT_POLICY_YAML } from "./presets/strict_policy.ts";
export { createStandaloneShield, runCheckPolicy, runShieldEvaluate } from "./cli.ts";
export type * from "./types.ts";
export {
  appendLearnedRule,
  learnedRule,
  learnedRulesPath,
  offeredScope,
  parseLearnedRules,
  sameScope,
  scopeProblem,
} from "./learned_rules.ts";
export type { ApprovalScope, ScopeOffer } from "./learned_rules.ts";
export { DEFAULT_ALLOWED_DOMAINS, DEFAULT_ENGINE_PORT } from "./environment.ts";
