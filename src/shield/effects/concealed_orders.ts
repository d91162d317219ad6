/** Text that tells its AI reader to keep something from the user ("do not mention this to the user", "without
 * telling the user"): the mark of tool-poisoning descriptions and planted instructions, whatever else they ask.
 * Judged in written files (not tests), open-world arguments, handed-on work and messages. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { conceptCheck, fillers, FORBID, PRINCIPAL, TELL_VERB } from "./concepts.ts";

/** The concept form: a forbidding word, a telling verb and the user within a few words ("do not now mention this
 * to the operator", "under no circumstances inform the human", "no se lo digas al usuario", "bu yao gaosu yonghu" in Chinese). */
const FORBIDS_TELLING = new RegExp(
  `${FORBID}\\s*${fillers(2)}${TELL_VERB}\\s*${fillers(4)}(?:[a-z]['\u2019])?${PRINCIPAL}|` +
    // Languages that put the negation after the verb: "sag es nicht dem Benutzer", "ne le dis pas à l'utilisateur".
    `${TELL_VERB}\\s+${fillers(2)}(?:nicht|pas|no|não)\\s+${fillers(2)}(?:[a-z]['\u2019])?${PRINCIPAL}`,
  "i",
);
const CONCEALS = gated(
  /\b(?:do not|don'?t|never|must not|should not)\s+(?:mention|tell|inform|reveal|disclose|show|notify|alert|let)\s+(?:this|it|that|anything)?\s*(?:to\s+)?(?:the\s+)?(?:user|human|operator|owner)\b|\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing)\s+(?:the\s+)?(?:user|human|operator|owner)\b|\bkeep\s+(?:this|it)\s+(?:hidden|secret)\s+from\s+(?:the\s+)?(?:user|human)\b|\b(?:the\s+)?user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|notice|find out)\b/i,
);
const CONCEALS_CONCEPT = conceptCheck(FORBIDS_TELLING);

export function judgeConcealedOrders(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length < 6 || text.length > 256 * 1024) continue;
    if (CONCEALS.test(text) || CONCEALS_CONCEPT.test(text)) {
      findings.escalate("delegation", `"${tool}" carries an order to keep something from the user`);
      return;
    }
  }
}
