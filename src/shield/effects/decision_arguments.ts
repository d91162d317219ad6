/** Open-world arguments that decide on the user's behalf or multiply an action: a review submitted as an
 * approval or a merge (`event: "APPROVE"`), and a count that makes one call into hundreds (`count: 500`
 * sub-agents, instances, copies). */

import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";

const DECISION_KEY = /^(?:event|action|decision|verdict|review_?event|review_?action|merge)$/i;
const APPROVES = /^(?:approve|approved|merge|merged|lgtm)$/i;
const COUNT_KEY =
  /^(?:count|number|num|instances|replicas|quantity|copies|workers|agents|times|repeat|repetitions|iterations|parallel(?:ism)?|concurrency|num_\w+|\w+_count)$/i;
const MANY = 100;
/** Tools that message or call someone: their `number` is whom, not how many times. */
const MESSAGE_WORDS =
  /^(?:sms|mms|send|message|messages|text|call|dial|signal|whatsapp|telegram|twilio|phone|contact)$/;
const MERGE_WORDS = /^(?:pull|pr|prs|request|requests|branch|branches|mr)$/;
const PROTECTION_WORDS =
  /^(?:protection|protections|ruleset|rulesets|security|policy|policies|audit|mfa|2fa|review|reviews)$/;
const PROTECTION_KEY = /required|enforce|minimum|^min_|enabled|strict|dismiss_stale/i;

export function judgeDecisionArguments(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const reads = words.length > 0 && PURE_READ.has(words[0]);
  if (!reads && words.includes("merge") && words.some((word) => MERGE_WORDS.test(word))) {
    findings.escalate("access", `"${tool}" merges on the user's behalf`);
  }
  const guards = !reads && words.some((word) => PROTECTION_WORDS.test(word));
  const messages = words.some((word) => MESSAGE_WORDS.test(word));
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (typeof value === "string" && DECISION_KEY.test(key) && APPROVES.test(value.trim())) {
      findings.escalate("access", `"${tool}" approves or merges on the user's behalf`);
    }
    if (/^(?:private|is_?private)$/i.test(key) && value === false) {
      findings.escalate("access", `"${tool}" makes something public`);
    }
    if (guards && PROTECTION_KEY.test(key) && (value === 0 || value === false)) {
      findings.escalate("security", `"${tool}" weakens a protection ("${key}")`);
    }
    // Under a messaging tool's `number`, a string of seven or more digits or one led by `+` or `0` is a phone number,
    // not how many times to act.
    const identifier = messages && typeof value === "string" && /^num(?:ber)?$/i.test(key) &&
      /^\s*[+0]|\d{7}/.test(value);
    const count = typeof value === "number"
      ? value
      : typeof value === "string" && !identifier
      ? Number(value)
      : NaN;
    if (!reads && COUNT_KEY.test(key) && Number.isFinite(count) && count >= MANY) {
      findings.escalate("write", `"${tool}" repeats its action ${count} times at once`);
    }
  }
}
