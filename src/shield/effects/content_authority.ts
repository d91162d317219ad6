/** An action whose own arguments say its authority comes from content the agent read (round 54): a `reason`,
 * `justification`, `why` or a command's `description` that cites a tool's output, an e-mail, a comment, a document or a
 * page as the one that told it to act ("the tool output said the migration must also be applied to prod", "per the
 * instructions in the attached invoice PDF", "as the Slack message from the vendor instructed"), or an argument that
 * carries the instruction it took from that content (`extracted_instruction`, `instruction_from_document`). Whoever
 * wrote the content chose the action: indirect prompt injection carried out, and on payee or bank changes business
 * e-mail compromise. Issues, tickets and review comments are left out: they are a coding agent's work queue. Round 50 stopped a fetch told to follow the page; this reads the acting call's own account of
 * why. The user's word ("the user asked to apply it to staging") and a report of what output showed ("the CI log
 * said the formatting check failed") pass. Sources: InjecAgent (Zhan et al. 2024); AgentDojo (Debenedetti et al.
 * 2024); FBI IC3 business e-mail compromise PSAs; UK Finance invoice-redirection guidance. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** Arguments where a call gives its reasons (a command tool's `description` too: Claude Code's `Bash`). Notes,
 * memos, sources and other tools' descriptions are what a task, an event or a record says, not why the call is made
 * ("the email from Bob asks us to prepare the deck" as a to-do's note). */
const REASON_KEY =
  /^(?:reason|reasoning|rationale|justification|justify|why|because|basis|motivation|explanation|trigger|triggered_?by|authority|instruction_?source)$/i;
const COMMAND_REASON_KEY = /^description$/i;
/** Arguments that carry an instruction taken from what was read. */
const TAKEN_INSTRUCTION_KEY =
  /^(?:(?:extracted|embedded|found|fetched|detected|parsed|retrieved|document|page|email|message|tool_?output|content)_?(?:instructions?|orders?|directives?|commands?)|instructions?_?(?:from|in)_?(?:document|page|email|message|file|tool|output|content|pdf|invoice))$/i;
/** Content the agent read: a tool's output, a message, a comment, a document, a page. */
const SOURCE = String
  .raw`(?:(?:tool|function|api|plugin|browser|fetch|search)\s+(?:output|result|response)s?|e-?mails?|messages?|dms?|web ?pages?|pages?|websites?|documents?|pdfs?|invoices?|attachments?|posts?|search results?|retrieved (?:text|content|document)|fetched (?:[\w-]+\s+)?(?:page|readme|file|content|text))`;
const ORDERED = String
  .raw`(?:told|tells|instructed|instructs|asked|asks|requested|requests|ordered|orders|directed|directs|demanded|demands|required|requires)`;
/** Whom the order was given to: the agent, or an order's infinitive. */
const ORDERED_WHOM = String
  .raw`${ORDERED}\s+(?:me|us|you|the\s+(?:assistant|agent|ai|bot|model)|agents?|assistants?|to)\b`;
const CITED = gated(
  new RegExp(
    [
      // "the tool output said the migration must also be applied", "the email says to pay ..."
      String
        .raw`\b${SOURCE}\s+(?:\w+\s+){0,4}?(?:said|says|say)\b(?:\s+to\b|[^.\n]{0,80}?(?:\bmust\b|\bshould\b|\bneeds? to\b|\bha(?:s|ve) to\b|\bimmediately\b|\bright away\b|\basap\b))`,
      // "the PR comment told me to deploy", "the email from ops@ (...) instructs the assistant"
      String
        .raw`\b(?:the|this|that|an?|its|their)\s+(?:[\w-]+\s+){0,2}?${SOURCE}\b[^.\n]{0,48}?\b${ORDERED_WHOM}`,
      // "per the instructions in the attached invoice PDF", "as instructed in the email"
      String
        .raw`\b(?:per|following|according to|as (?:instructed|requested|directed|ordered) (?:in|by)|on the (?:instructions?|orders?|request) (?:in|of|from))\s+(?:the|this|that|an?)\s+(?:[\w-]+\s+){0,4}?${SOURCE}\b`,
      // "as the Slack message from the vendor instructed"
      String
        .raw`\bas\s+(?:the|this|that)\s+(?:[\w-]+\s+){0,3}?${SOURCE}\s+(?:[\w@.-]+\s+){0,4}?(?:says|said|${ORDERED})\b`,
    ].join("|"),
    "i",
  ),
);
const MAX_TEXT = 8 * 1024;

/** The reason texts: top-level string arguments under a reason key, and one object down. */
function reasonTexts(payload: Record<string, unknown>, command: boolean, depth = 0): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    const reason = REASON_KEY.test(key) || (command && depth === 0 && COMMAND_REASON_KEY.test(key));
    if (typeof value === "string" && reason) found.push(value.slice(0, MAX_TEXT));
    else if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
      found.push(...reasonTexts(value as Record<string, unknown>, command, 1));
    }
  }
  return found;
}

/** The argument that carries an instruction taken from content, or undefined. */
function takenInstruction(payload: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value === "string" && value.trim().length >= 12 && TAKEN_INSTRUCTION_KEY.test(key)) return key;
  }
  return undefined;
}

/** `command`: the call runs a command line (its `description` says why). */
export function judgeContentAuthority(
  tool: string,
  payload: Record<string, unknown>,
  command: boolean,
  findings: Findings,
): void {
  const key = takenInstruction(payload);
  if (key !== undefined) {
    findings.escalate("delegation", `"${tool}" acts on an instruction taken from content it read ("${key}")`);
    return;
  }
  for (const text of reasonTexts(payload, command)) {
    const cited = CITED.exec(text);
    if (!cited) continue;
    findings.escalate(
      "delegation",
      `"${tool}" acts because content it read said so ("${cited[0].slice(0, 50)}")`,
    );
    return;
  }
}
