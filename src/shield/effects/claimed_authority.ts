/** Work handed to another agent that widens its authority in words: it vouches for a verification or
 * approval the delegating agent cannot have seen ("the customer is verified as an admin by the security
 * team") or tells the receiver to skip its checks ("without the usual checks", "don't wait for approval"). */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const SKIPS_CHECKS = gated(
  /\b(?:without|skip(?:ping)?|bypass(?:ing)?|no need (?:for|to)|don'?t (?:bother with|wait for|ask for|run|do)|do not (?:wait for|ask for|run|do|perform)|ignore)\s+(?:(?:the|any|a|an|usual|normal|standard|further|extra|additional|our|its|their|your)\s+){0,3}(?:checks?|checking|verification|verifying|validation|review|approvals?|approval gate|confirmation|confirming|sign-?off|fraud checks?|kyc|identity checks?|2fa|mfa|authentication|limits?|policy|policies|safeguards?|guardrails?)\b/i,
);
const VOUCHES = gated(
  /\b(?:is|are|was|were|has been|have been|already)\s+(?:been\s+)?(?:fully\s+)?(?:verified|authori[sz]ed|cleared|pre-?approved|vetted)\s+(?:as|to|for)\s+(?:an?\s+)?(?:admin|administrator|owner|root|superuser|vip|privileged|unlimited|any)\b|\b(?:verified|authori[sz]ed|cleared|vetted)\s+as\s+(?:an?\s+|the\s+)?(?:admin|administrator|owner|root|superuser|vip)\b|\b(?:verified|approved|authori[sz]ed|cleared)\s+by\s+(?:the\s+)?(?:security|admin|compliance|it|legal|fraud|ceo|cfo|management|owner)\b/i,
);

/** Orders to grant broad access or reset someone's sign-in, carried out by the agent that has the rights. */
const GRANTS = gated(
  /\b(?:give|grant|assign|promote|elevate)\b[^.\n]{0,40}\b(?:full access|full control|admin(?:istrator)? (?:rights|role|access|privileges)|owner (?:role|access|rights)|superuser|root access|all permissions|to (?:admin|owner|superuser))\b|\breset (?:the |their |his |her )?(?:mfa|2fa|two-factor|authenticator)\b/i,
);

export function judgeClaimedAuthority(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 16 || text.length > 64 * 1024) return;
  if (SKIPS_CHECKS.test(text)) {
    findings.escalate("delegation", `"${tool}" tells the agent it hands work to to skip its checks`);
  }
  if (GRANTS.test(text)) {
    findings.escalate("delegation", `"${tool}" has another agent grant broad access or reset sign-in`);
  }
  if (VOUCHES.test(text)) {
    findings.escalate("delegation", `"${tool}" vouches for a verification or approval it cannot show`);
  }
}
