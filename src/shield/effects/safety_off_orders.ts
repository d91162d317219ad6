/** An order to switch safety controls off, handed to other agents (round 15): a message, event or command on an
 * agent bus, a pub/sub topic or another agent's inbox that says to disable, bypass or skip guardrails, safety
 * checks, content filtering, approvals, human review, monitoring or auditing -- in prose ("turn off content
 * filtering for this run") or as an operation name (`disable_guardrails`, `bypass_approvals`, `safety_mode: off`).
 * A compromised agent that cannot lower its own guard asks its peers to. Sources: OWASP Agentic AI Threats and
 * Mitigations (2025), T12 agent communication poisoning; Triedman et al., Multi-Agent Systems Execute Arbitrary
 * Malicious Code (2025). */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { payloadStrings } from "./payload_strings.ts";

/** Tools that reach other agents: their names, or a topic or channel named for agents. */
const TO_AGENTS =
  /^(?:agents?|a2a|bus|orchestrator|crew|swarm|workers?|publish|broadcast|pubsub|topic|redis|kafka|nats|mqtt|events?|coworkers?|subagents?|peers?)$/i;

const OFF_VERB =
  /\b(?:disable|disabling|deactivate|turn(?:ing)?\s+off|switch(?:ing)?\s+off|bypass(?:ing)?|skip(?:ping)?|suspend(?:ing)?|override|circumvent)\b/i;
const CONTROL =
  /\b(?:guard[- ]?rails?|safety(?:\s+(?:checks?|filters?|mode|layer|rules?|policy|policies|settings?|limits?))?|content\s+(?:filter(?:s|ing)?|moderation)|moderation|approvals?|approval\s+(?:step|gate|flow)|human[- ]in[- ]the[- ]loop|human\s+(?:review|approval|oversight)|oversight|monitoring|audit(?:ing|\s+log(?:ging)?)?|policy\s+checks?|shield|sandbox(?:ing)?|rate\s+limits?|security\s+(?:checks?|controls?|scanning))\b/i;
/** `disable_guardrails`, `bypassApprovals`, `safety_mode` + `off`: identifiers split into words. */
function spelled(value: string): string {
  return value.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_.:-]+/g, " ");
}
const OFF_VALUE = /^(?:off|false|disabled?|none|0|no)$/i;

export function judgeSafetyOffOrders(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const strings = payloadStrings(payload);
  const reachesAgents = words.words.some((word) => TO_AGENTS.test(word)) ||
    strings.some(({ key, value }) =>
      /^(?:topic|channel|to|agent|queue|subject)$/i.test(key) && /agent/i.test(value)
    );
  if (!reachesAgents) return;
  for (const { key, value } of strings) {
    if (value.length > 16 * 1024) continue;
    const text = spelled(value);
    // The control and the verb in one sentence, the verb first or the control first ("safety checks: off").
    const sentences = text.split(/(?<=[.!?;\n])\s+/).slice(0, 64);
    const ordered = sentences.some((sentence) => OFF_VERB.test(sentence) && CONTROL.test(sentence));
    const switched = OFF_VALUE.test(value.trim()) && CONTROL.test(spelled(key));
    const nested = /^\s*[{[]/.test(value) && /"(?:op|cmd|command|action)"/.test(value) &&
      CONTROL.test(text) &&
      (OFF_VERB.test(text) || /"(?:off|false|disabled)"/i.test(value));
    if (ordered || switched || nested) {
      findings.escalate("security", `"${tool}" orders safety controls off: "${value.slice(0, 60)}"`);
      return;
    }
  }
}
