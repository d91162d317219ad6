/** Sensitive files sent to a recipient taken from an unverified message (round 44): work handed to another agent, or
 * a note, that orders a send, forward, share, upload or reply of payroll, salaries, layoff plans, NDAs, contracts,
 * customer lists or board minutes to "the address in the last WhatsApp message", "whoever messaged us on Telegram",
 * "the email given in the ticket comment", "the sender of the most recent message". The recipient is whoever wrote
 * that message: the business-email-compromise pattern, with an agent doing the sending. Round 29 and 32 judged a
 * hand-off like the outward act it orders, but read recipients only when the text names them. A menu or an agenda
 * sent the same way, and a confidential file sent to a named list, pass. Sources: FBI IC3 business email compromise
 * advisories (requests for W-2 and payroll data); Agent Security Bench (Zhang et al., 2024); AgentDojo; OWASP Top
 * 10 for LLM Applications, LLM06 Excessive Agency. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { joinedText } from "../joined_texts.ts";
import { fillers, SEND_VERB } from "./concepts.ts";

const NAMED_BY = "(?:address|e-?mail|number|contact|link|url|handle|account|recipient)";
const MESSAGE = "(?:message|dm|text|sms|e-?mail|mail|chat|comment|ticket|transcript|post|note|voicemail)";
/** A recipient named only by the message it came from (`the address in the latest SMS`, a few words between), or
 * by whoever sent one. */
const FROM_A_MESSAGE = gated(
  new RegExp(
    `\\b${NAMED_BY}\\s+${fillers(3)}(?:in|from|on)\\s+${fillers(4)}${MESSAGE}\\b|` +
      `\\bwhoever (?:messaged|emailed|texted|wrote|asked|contacted|dm'?d|pinged)\\b|` +
      `\\bsender of\\s+${fillers(4)}${MESSAGE}\\b`,
    "i",
  ),
);
/** The lexicon's send verbs (English and the four translated languages), and replies and attachments. */
const SENDING = gated(new RegExp(`${SEND_VERB}|\\b(?:reply|respond|attach|text|dm|transfer)\\b`, "i"));
/** Files and records a company keeps from outsiders (file names too: `payroll_2026.csv`, `Q4 layoffs.xlsx`). */
const SENSITIVE_OBJECT =
  /(?<![a-z])(?:payroll|salar(?:y|ies)|compensation|layoffs?|redundanc(?:y|ies)|severance|nda|ndas|contracts?|customer (?:list|data|export)|client list|board (?:meeting )?minutes|personnel|employee (?:list|records|data)|tax returns?|w-?2s?|bank statements?|passports?|medical records?|financials?|cap table)(?![a-z])/i;
const MAX_TEXT = 16 * 1024;

export function judgeUnverifiedRecipients(tool: string, texts: readonly string[], findings: Findings): void {
  const text = joinedText(texts, "\n");
  if (text.length < 24 || text.length > MAX_TEXT || !FROM_A_MESSAGE.test(text)) return;
  if (!SENDING.test(text) || !SENSITIVE_OBJECT.test(text)) return;
  findings.escalate(
    "delegation",
    `"${tool}" sends confidential files to a recipient taken from an unverified message`,
  );
}
