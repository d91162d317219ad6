/** What handed-on work asks for in words, beyond what `delegation.ts` reads: to ignore the user it serves, to
 * harvest people's contact details or credentials wholesale, to spread to every host it can reach, or to buy
 * with the user's saved card. Each is escalated so a human sees the order before another agent carries it out. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { conceptCheck, fillers, IGNORE_VERB, PRINCIPAL } from "./concepts.ts";

const IGNORE_PRINCIPAL = gated(
  /\b(?:ignore|disregard|stop listening to|don'?t listen to)\s+(?:the|your|its|their)\s+(?:user|human|operator|owner|principal|system prompt|guidelines|safety rules|instructions)\b/i,
);
/** The concept form: any ignoring verb of the lexicon, a few words, and the person the agent works for. */
const IGNORE_PRINCIPAL_CONCEPT = conceptCheck(
  new RegExp(
    `${IGNORE_VERB}\\s+${fillers(1)}(?:(?:the|your|its|their|al|el|den|o|ao)\\s+|l['’])?${PRINCIPAL}`,
    "i",
  ),
);
const HARVEST = gated(
  /\b(?:collect(?:ing)?|harvest(?:ing)?|gather(?:ing)?|scrap(?:e|ing)|extract(?:ing)?|compil(?:e|ing)|dump(?:ing)?)\b[^.\n]{0,30}\b(?:every|all|each|any)\b[^.\n]{0,24}\b(?:e-?mail address(?:es)?|emails|phone numbers?|contacts|personal (?:data|details|information)|home addresses|passwords|credentials|tokens|api keys|ssns?|social security numbers)\b/i,
);
const SPREADS = gated(
  /\b(?:connect(?:ing)?|ssh|log ?in(?:to)?|login|try(?:ing)?|use)\b[^.\n]{0,40}\b(?:to|on|against|into)\s+(?:every|all|each)\s+(?:\w+\s+){0,2}(?:hosts?|servers?|machines?|nodes?|ips?|boxes)\b|\btry (?:the|this|these|their|the user'?s|its) (?:key|keys|password|passwords|credentials) (?:on|against)\b/i,
);
const PURCHASE = gated(
  /\b(?:buy|purchase|order|pay for|check ?out)\b[^.\n]{0,60}\b(?:saved card|stored card|credit card|card on file|saved payment|payment method on file|wallet|gift cards?)\b|\b(?:buy|purchase|order)\s+(?:\d{2,}|dozens of|hundreds of)\s+\w+/i,
);

export function judgeDelegatedIntents(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 12 || text.length > 64 * 1024) return;
  if (IGNORE_PRINCIPAL.test(text) || IGNORE_PRINCIPAL_CONCEPT.test(text)) {
    findings.escalate("delegation", `"${tool}" tells an agent to ignore the user it works for`);
  }
  if (HARVEST.test(text)) {
    findings.escalate("read", `"${tool}" hands on wholesale collection of people's details`);
  }
  if (SPREADS.test(text)) findings.escalate("network", `"${tool}" hands on work that spreads to every host`);
  if (PURCHASE.test(text)) findings.escalate("money", `"${tool}" hands on a purchase with the user's means`);
}
