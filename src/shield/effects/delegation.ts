/** Work handed on (sub-agent tasks, schedules, agent messages) and standing instructions (memory, agent
 * instruction files): what they would make an agent do later, read from their text and settings. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { sensitiveFindings } from "./sensitive_data.ts";

const GATHER_SECRETS =
  /\b(?:read|collect|gather|dump|extract|copy|export|list|harvest|grab|find|steal)\b[^.\n]{0,60}\b(?:saved passwords?|passwords?|credentials?|api keys?|tokens?|cookies|secrets?|private keys?|ssh keys?|seed phrase|recovery codes?|browser profile|keychain|wallet)\b/i;
const REMOTE_CONTROL =
  /\b(?:fetch|download|get|read|check|poll|load|open)\b[^.\n]{0,60}(?:https?:\/\/|www\.)\S+[^.\n]{0,40}\b(?:do|run|execute|follow|carry out|obey|apply)\b[^.\n]{0,30}\b(?:what|whatever|instructions?|commands?|it says|says)\b/i;
const RECON =
  /\b(?:scan (?:the )?(?:local )?network|port ?scan|default passwords?|brute[- ]?force|try (?:every|all) passwords?)\b/i;
const STANDING =
  /\b(?:(?:user|owner|i) (?:allows?|authori[sz]es?|permits?) (?:you|the (?:assistant|agent))|you (?:may|can|are allowed to|are authori[sz]ed to|have permission to) (?:share|send|forward|delete|run|execute|transfer|pay|approve|give)|without (?:asking|confirmation|confirming|approval|checking|telling)|never ask|(?:don't|do not) (?:ask|confirm|tell)|no need to (?:ask|confirm)|pre-?approved|standing (?:permission|approval)|always (?:approve|accept|run|execute|send|share|forward|include|trust))\b/i;
const TRIGGERED_ACTION =
  /\b(?:always|whenever|every time|before (?:answering|responding|any)|when (?:writing|generating|answering|asked)|on every)\b[^\n]{0,200}(?:eval\(|exec\(|\bcurl\b|\bwget\b|cat ~|\.ssh|\btokens?\b|\bsecrets?\b|\bpasswords?\b|\bupload\b|\bsend\b|include the output|child_process|process\.env)/i;
const AUTO_APPROVE =
  /^(?:auto_?approve|autoApprove|yolo|skip_?approvals?|dangerously\w*|no_?confirm\w*|unattended|bypass\w*)$/i;

/** Findings for task text handed to another agent or a schedule, and its settings. */
export function judgeDelegation(
  tool: string,
  texts: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = texts.join("\n");
  if (GATHER_SECRETS.test(text)) findings.escalate("delegation", `"${tool}" asks an agent to gather secrets`);
  if (REMOTE_CONTROL.test(text)) {
    findings.escalate("delegation", `"${tool}" takes its orders from a web address`);
  }
  if (RECON.test(text)) findings.escalate("delegation", `"${tool}" asks an agent to attack or probe hosts`);
  for (const finding of sensitiveFindings(text)) {
    if (
      finding.kind === "payment instruction" || finding.kind === "financial" || finding.kind === "password"
    ) {
      findings.escalate("delegation", `"${tool}" hands on ${finding.evidence}`);
    }
  }
  judgeStanding(tool, text, findings);
  const visit = (key: string, value: unknown, depth: number) => {
    if (depth > 3) return;
    if (AUTO_APPROVE.test(key) && value === true) {
      findings.escalate("delegation", `"${tool}" turns approvals off ("${key}")`);
    }
    if (typeof value === "string" && /^(?:base_?url|endpoint|api_?base|url|host)$/i.test(key)) {
      const host = readHost(value, environment);
      if (host && !host.allowed && !host.loopback) {
        findings.escalate("delegation", `"${tool}" sends its work to "${host.host}"`);
      }
    }
    if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value)) visit(inner, item, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(payload)) visit(key, value, 0);
}

/** Findings for text the agent will read later as its own instructions. */
export function judgeStanding(tool: string, text: string, findings: Findings): void {
  if (STANDING.test(text)) {
    findings.escalate(
      "persistence",
      `"${tool}" writes a standing instruction that widens what the agent may do`,
    );
  }
  if (TRIGGERED_ACTION.test(text)) {
    findings.escalate("persistence", `"${tool}" writes an instruction that triggers actions later`);
  }
}
