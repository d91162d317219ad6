/** A repository's or organisation's security scanning switched off by API (round 81, with `security_rules_off.ts`;
 * GitHub REST "Update a repository" `security_and_analysis`, "Disable vulnerability alerts", "Disable automated
 * security fixes", "Update a code scanning default setup configuration"): `secret_scanning`,
 * `secret_scanning_push_protection`, `dependabot_security_updates`, `advanced_security` or the code scanning
 * default setup set to `disabled`/`not-configured`, by `gh api -f`/`-F` fields or a request body; `gh repo edit
 * --enable-secret-scanning=false`. ESCALATE. The same switches set to `enabled`, and reads, pass; deleting
 * vulnerability alerts was already read as a delete. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const SCANNING_OFF = gated(
  /\b(?:secret_scanning(?:_push_protection|_validity_checks|_non_provider_patterns|_ai_detection)?|dependabot_security_updates|advanced_security|code_scanning_default_setup)\b[^\n]{0,40}?\bstatus\b\W{0,6}(?:disabled|not-configured)\b|\bcode-scanning\/default-setup\b[^\n]{0,200}?\bstate\W{1,6}not-configured\b|--enable-(?:secret-scanning(?:-push-protection)?|advanced-security)=false\b/,
);

/** `texts`: command lines and request lines with their bodies. */
export function judgeDisabledRepoScanning(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 64 * 1024 || !SCANNING_OFF.test(text)) continue;
    findings.escalate("security", `"${tool}" switches a repository's security scanning off`);
    return;
  }
}
