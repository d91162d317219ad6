/** Guards switched off through the environment (round 17): a variable set in a command line whose name names a
 * guard -- the engine's shield, guardrails, approvals, a sandbox, safety or security checks -- set to an off value
 * (`SHIELD_ENABLED=false`, `APPROVALS_REQUIRED=0`, `APPROVAL_MODE=never`) or named for switching it off with a value
 * that says yes (`PARAPET_SHIELD_DISABLED=1`, `SKIP_SAFETY=true`). Starting the engine, or any agent, that way runs
 * it without the protection its user configured; it escalates. `SANDBOX=1` and `TELEMETRY_DISABLED=1` pass.
 * Sources: MITRE ATT&CK T1562.001 Impair Defenses: Disable or Modify Tools; OWASP LLM06 Excessive Agency. */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

/** `NAME=value` words of a command line, after `export`, `env` or at a command's start. */
const ASSIGNMENT =
  /(?:^|[\s;&|(])(?:export\s+|env\s+(?:-\S+\s+)*)?([A-Za-z_][A-Za-z0-9_]{2,80})=("[^"]{0,40}"|'[^']{0,40}'|[^\s;&|)]{0,40})/g;
/** Name parts that name a guard. */
const GUARD =
  /(?:^|_)(?:SHIELD|GUARDRAILS?|GUARDS?|APPROVALS?|CONFIRMATIONS?|SAFETY|SAFE_MODE|SANDBOX(?:ING)?|SECURITY_CHECKS?|POLICY|POLICIES|TIER[0-3]|HITL|HUMAN_IN_THE_LOOP)(?:_|$)/i;
/** A cheap pre-test: most command lines name no guard at all. */
const GUARD_WORD =
  /shield|guard|approval|confirmation|safety|safe_mode|sandbox|security_check|polic|tier[0-3]|hitl|human_in/i;
/** Name parts that say the variable switches the guard off. */
const SWITCH_OFF = /(?:^|_)(?:DISABLE[DS]?|SKIP|BYPASS|NO|OFF|IGNORE|DANGEROUSLY)(?:_|$)/i;
const YES = /^(?:1|true|yes|on|y|all)$/i;
const OFF =
  /^(?:0|false|no|off|none|never|disabled?|skip|bypass|danger[\w-]*|yolo|auto[_-]?approve|allow[_-]?all)$/i;

export function judgeGuardSwitches(tool: string, shellTexts: readonly string[], findings: Findings): void {
  for (const text of shellTexts) {
    if (text.length > 64 * 1024 || !text.includes("=") || !GUARD_WORD.test(text)) continue;
    for (const match of matchesOf(ASSIGNMENT, text)) {
      const name = match[1];
      if (!GUARD.test(name)) continue;
      const value = match[2].replace(/^["']|["']$/g, "");
      if (SWITCH_OFF.test(name) ? YES.test(value) : OFF.test(value)) {
        findings.escalate(
          "engine",
          `"${tool}" switches a guard off through the environment ("${name}=${value}")`,
        );
        return;
      }
    }
  }
}
