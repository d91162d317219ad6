/** The "default" Shield policy preset, as YAML text so a compiled binary carries it. */
import { BASE_RULES, JUDGEMENT_RULES, POLICY_HEADER } from "./shared_rules.ts";

export const DEFAULT_POLICY_YAML = `# Parapet Shield \u2014 default Tier 0 policy.
${POLICY_HEADER}
${BASE_RULES}

${JUDGEMENT_RULES}
`;
