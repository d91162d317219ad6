/** Standing orders kept for later (memory, notes, knowledge graphs) that the other standing checks miss by wording:
 * approval claimed in advance or prompts called a nuisance, a remembered command that runs fetched code, and a
 * rule copying every output to an address or URL, an order to put a remote script in what it writes, a package
 * source steered to a URL. Each becomes the agent's own belief next session. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const APPROVED_IN_ADVANCE = gated(
  /\b(?:all|every|any|each)\s+(?:[\w-]+\s+){0,3}?(?:is|are|were|has been|have been)\s+(?:pre-?)?(?:approved|authori[sz]ed|allowed|ok'?d)\s+(?:in advance|ahead of time|beforehand|up front|upfront|permanently|for good)\b|\b(?:approved|authori[sz]ed|allowed|ok'?d|consented to)\s+(?:all|every|any|each)\s+(?:[\w-]+\s+){0,3}?(?:in advance|ahead of time|beforehand|up front|upfront|permanently|for good)\b|\b(?:security |safety )?(?:confirmations?|prompts?|approvals?|warnings?|permission (?:requests|checks))\s+(?:are|is)\s+(?:annoying|unnecessary|not needed|pointless|a waste of time)\b|\bfinds?\s+(?:[\w-]+\s+){0,2}(?:confirmations?|prompts?|approvals?|warnings?)\s+(?:annoying|unnecessary|pointless)\b/i,
);
const FETCHED_RUN = gated(
  /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:(?:ba|z|da)?sh|python[0-9.]*|node|perl|ruby|iex)\b|\b(?:(?:ba|z|da)?sh|source|\.)\s+<\(\s*(?:curl|wget)\b|\biex\s*\(\s*(?:iwr|irm|new-object|invoke-webrequest)\b/i,
);
const COPY_RULE = gated(
  /\b(?:every|all|each|any)\s+(?:[\w-]+\s+){0,5}?(?:also\s+)?(?:be\s+)?(?:sent|forwarded|copied|cc'?d|bcc'?d|shared|e-?mailed|posted|uploaded|mirrored)\s+(?:[\w-]+\s+){0,2}?to\s+\S*(?:@[\w-]+\.|https?:\/\/)/i,
);

const REMOTE_SCRIPT = gated(/<script\b[^>]{0,120}\bsrc\s*=\s*["']?(?:https?:)?\/\/[a-z0-9]/i);
const STEERED_SOURCE = gated(
  /\b(?:packages?|dependency|dependencies|modules?|library|libraries|crates?|gems?|wheels?)\b[^\n]{0,60}\bfrom\s+(?:the\s+)?(?:registry\s+(?:at\s+)?)?https?:\/\/|--(?:registry|index-url|extra-index-url|source)[= ]https?:\/\/|\b(?:registry|index-url|index_url)\s*[=:]\s*["']?https?:\/\//i,
);

export function judgeStandingOrders(tool: string, text: string, findings: Findings): void {
  if (text.length < 16 || text.length > 64 * 1024) return;
  if (APPROVED_IN_ADVANCE.test(text)) {
    findings.escalate("persistence", `"${tool}" keeps a claim that the user approved actions in advance`);
  }
  if (FETCHED_RUN.test(text)) {
    findings.escalate("persistence", `"${tool}" keeps a command that runs code fetched from the network`);
  }
  if (text.includes("<") && REMOTE_SCRIPT.test(text)) {
    findings.escalate("persistence", `"${tool}" keeps an order to load a script from another host`);
  }
  if (STEERED_SOURCE.test(text)) {
    findings.escalate("install", `"${tool}" keeps an order to install packages from a URL`);
  }
  if (COPY_RULE.test(text)) {
    findings.escalate("persistence", `"${tool}" keeps a rule copying every output to an address`);
  }
}
