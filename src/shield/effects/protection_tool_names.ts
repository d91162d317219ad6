/** Tools whose name says they switch protections off (round 53): an unknown tool is judged by what its name means,
 * whatever its payload, empty included (`disable_shield {}`, `turn_off_safety_checks`, `bypass_guardrail`,
 * `set_yolo_mode`, `auto_approve_all`). The open-world vocabulary's security nouns miss the engine's own words
 * (shield, guard, safety, yolo) and an empty payload gives its argument checks nothing to read. Reading one
 * (`get_shield_status`, `list_audit_events`) and switching off what protects nothing (`disable_feature_flag`)
 * pass. Sources: MITRE ATT&CK T1562.001 Impair Defenses: Disable or Modify Tools; OWASP LLM06 Excessive Agency. */

import type { Findings } from "./findings.ts";
import { identifierWords, mcpParts } from "./words.ts";

/** Words that switch something off or around. */
const OFF = new Set(
  "disable disabled deactivate bypass skip pause suspend stop kill off unload circumvent evade override silence mute"
    .split(" "),
);
/** Words naming a protection: the engine's own and the machine's. */
const PROTECTION = new Set(
  `shield shields guard guards guardrail guardrails safeguard safeguards firewall audit auditing approval approvals
  safety sandbox sandboxing protection protections security antivirus defender edr amsi monitoring policy policies
  moderation confirmation confirmations hitl permission permissions`.split(/\s+/),
);
/** Words that make a name a reading of the protection, not a switch. */
const READS = new Set("get list read show describe view search query fetch status check is".split(" "));
/** Standing approve-everything modes: `yolo`, `auto_approve`, `always_allow`, `approve_all`. */
const AUTO = new Set(["auto", "always", "autoapprove"]);
const APPROVE = new Set(["approve", "approval", "approvals", "accept", "allow", "confirm"]);
const ALL = new Set(["all", "everything", "any"]);

export function judgeProtectionToolNames(tool: string, findings: Findings): void {
  const words = identifierWords(mcpParts(tool)?.tool ?? tool);
  if (words.length === 0 || words.length > 8 || READS.has(words[0])) return;
  const at = (set: Set<string>) => words.findIndex((word) => set.has(word));
  const switchesOff = at(OFF) >= 0 && at(PROTECTION) >= 0;
  const approvesAll = words.includes("yolo") || words.includes("autoapprove") ||
    (at(APPROVE) >= 0 && (at(AUTO) >= 0 || at(ALL) > at(APPROVE)));
  if (switchesOff || approvesAll) {
    findings.escalate("security", `"${tool}" is named to switch protections off`);
  }
}
