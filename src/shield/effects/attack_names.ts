/** Open-world tools that name their own harm (`exfiltrate_data`, `steal_cookies`, `mcp__exfil__...`,
 * `keylogger_start`) and tools that send data away without saying what or where (`upload_diagnostics` called
 * with no arguments: the server alone decides what leaves). */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

const HARM_WORDS = new Set([
  "exfil",
  "exfiltrate",
  "exfiltration",
  "steal",
  "stealer",
  "siphon",
  "keylog",
  "keylogger",
  "backdoor",
  "ransom",
  "ransomware",
  "wiper",
  "cryptominer",
  "cryptojack",
  "rootkit",
  "c2",
  "implant",
  "dropper",
]);
const SENDING = new Set(["upload", "uploads", "send", "share", "submit", "telemetry"]);

export function judgeAttackNames(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const words = identifierWords(tool).slice(0, 16);
  const harm = words.find((word) => HARM_WORDS.has(word));
  if (harm) {
    findings.escalate("unknown", `"${tool}" names its own harm ("${harm}")`);
    return;
  }
  if (Object.keys(payload).length === 0 && words.some((word) => SENDING.has(word))) {
    findings.escalate("network", `"${tool}" sends data without saying what or where`);
  }
}
