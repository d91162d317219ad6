/** The "strict" Shield policy preset, as YAML text so a compiled binary carries it. */
import { BASE_RULES, JUDGEMENT_RULES, POLICY_HEADER, STRICT_RULES } from "./shared_rules.ts";

export const STRICT_POLICY_YAML = `# Parapet Shield \u2014 strict Tier 0 policy.
${POLICY_HEADER}
${BASE_RULES}

${JUDGEMENT_RULES}

${STRICT_RULES}
`;
