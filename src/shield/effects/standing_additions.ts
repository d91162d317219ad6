/** Standing instructions (agent instruction files, memory) that make the agent add something to every change:
 * a dependency, a script tag, a tracker (the Rules File Backdoor plants one line that each later edit obeys). */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const ADDS_ALWAYS = gated(
  /\b(?:always|whenever|every time|each time|from now on|in every|on every|without exception|invariably)\b[^.\n]{0,80}\b(?:add|include|insert|install|append|inject|import)\b[^.\n]{0,40}\b(?:dependency|dependencies|package|<script|script tag|remote script|tracking|tracker|analytics|pixel|beacon|cdn|postinstall)\b|\b(?:add|include|insert|install|append|inject|import)\b[^.\n]{0,40}\b(?:dependency|package|<script|script tag|tracker|pixel|beacon)\b[^.\n]{0,80}\b(?:always|whenever|every time|each time|every file|when you (?:touch|edit|change|create))\b/i,
);

/** Standing permission to act on money, access or data without asking ("pay their invoices automatically"). */
const ACTS_UNASKED = gated(
  /\b(?:pay|transfer|approve|forward|share|grant|send|wire|refund|accept|merge)\b[^.\n]{0,60}\b(?:automatically|without (?:asking|confirm\w*|checking|approval|review|telling))\b|\b(?:automatically|always|without exception|in every case)\s+(?:pay|transfer|approve|forward|share|grant|wire|refund|accept|merge)\b/i,
);

export function judgeStandingAdditions(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 16 || text.length > 256 * 1024) return;
  if (ADDS_ALWAYS.test(text)) {
    findings.escalate(
      "persistence",
      `"${tool}" tells the agent to add a dependency or script to every change`,
    );
  }
  if (ACTS_UNASKED.test(text)) {
    findings.escalate(
      "persistence",
      `"${tool}" leaves a standing order to move money, access or data unasked`,
    );
  }
}
