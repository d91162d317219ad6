/** Security services switched off through an argument's value (round 36): `guardduty_update_detector {Enable:
 * false}`, Security Hub `{Enabled: false}`, Macie `{status: "PAUSED"}`, Defender for Cloud `{pricingTier: "Free"}`,
 * an audit or flow log `{disabled: true}`. The name says "update", the argument turns the detector, trail or
 * scanner off: attackers blind the defenders before acting (MITRE ATT&CK T1562 Impair Defenses).
 * Sources: Amazon GuardDuty UpdateDetector, AWS Security Hub, Amazon Macie UpdateMacieSession, Azure Defender for
 * Cloud pricings, GCP audit configs; Stratus Red Team defense-evasion techniques. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** Words that name a security service (a detector, trail, scanner or audit log), alone or as a pair. */
const SERVICE_WORDS = new Set([
  "guardduty",
  "cloudtrail",
  "securityhub",
  "macie",
  "macie2",
  "inspector",
  "inspector2",
  "defender",
  "sentinel",
  "detective",
  "accessanalyzer",
  "securitycenter",
  "audit",
  "auditlog",
  "auditing",
  "flowlogs",
  "falco",
  "wazuh",
  "crowdstrike",
  "sentinelone",
  "edr",
  "siem",
  "antivirus",
  "waf",
  "detector",
]);
const SERVICE_PAIRS = [
  ["security", "hub"],
  ["security", "center"],
  ["access", "analyzer"],
  ["flow", "logs"],
  [
    "config",
    "recorder",
  ],
];
const ON_WORDS = new Set(["enable", "enabled", "active", "logging", "islogging", "monitoring", "protection"]);
const OFF_WORDS = new Set(["disable", "disabled", "paused", "suspended"]);
const STATE_WORDS = new Set(["status", "state"]);
const TIER_WORDS = new Set(["tier", "pricing"]);
const FALSE = /^(?:false|off|no|0|disabled?)$/i;
const STOPPED = /^(?:disabled?|off|paused|stopped|suspended|inactive)$/i;
const MAX_VISITS = 64;

function namesService(words: readonly string[]): boolean {
  return words.some((word) => SERVICE_WORDS.has(word)) ||
    SERVICE_PAIRS.some(([first, second]) =>
      words.some((word, index) => word === first && words[index + 1] === second)
    );
}

/** The key whose value switches the service off, if any. */
function switchedOff(payload: Record<string, unknown>): string | undefined {
  let visits = 0;
  let found: string | undefined;
  const visit = (key: string, value: unknown, depth: number) => {
    if (found || depth > 3 || visits++ > MAX_VISITS) return;
    if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value).slice(0, 24)) visit(inner, item, depth + 1);
      return;
    }
    const words = identifierWords(key);
    const text = typeof value === "string" && value.length <= 24 ? value.trim() : String(value);
    const off = (words.some((word) => ON_WORDS.has(word)) && (value === false || FALSE.test(text))) ||
      (words.some((word) => OFF_WORDS.has(word)) && (value === true || text === "true")) ||
      (words.some((word) => STATE_WORDS.has(word)) && STOPPED.test(text)) ||
      (words.some((word) => TIER_WORDS.has(word)) && /^(?:free|off|none)$/i.test(text));
    if (off) found = key;
  };
  for (const [key, value] of Object.entries(payload).slice(0, 32)) visit(key, value, 0);
  return found;
}

export function judgeSecurityServices(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!namesService(words)) return;
  const key = switchedOff(payload);
  if (key) {
    findings.escalate("security", `"${tool}" switches a security service off ("${key.slice(0, 40)}")`);
  }
}
