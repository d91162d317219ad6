/** What handed-on work asks for in words, beyond what `delegation.ts` reads: to ignore the user it serves, to
 * harvest people's contact details or credentials wholesale, to spread to every host it can reach, to buy
 * with the user's saved card, to approve or merge without waiting for CI or review, or to star or watch
 * repositories for someone (round 32). Each is escalated so a human sees the order before another agent carries it out. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { conceptCheck, fillers, IGNORE_VERB, PRINCIPAL } from "./concepts.ts";
import { judgeDelegatedSafeguards } from "./delegated_safeguards.ts";

const IGNORE_PRINCIPAL = gated(
  /\b(?:ignore|disregard|stop listening to|don'?t listen to)\s+(?:the|your|its|their)\s+(?:user|human|operator|owner|principal|system prompt|guidelines|safety rules|instructions)\b/i,
);
/** The concept form: any ignoring verb of the lexicon, a few words, and the person the agent works for. */
const IGNORE_PRINCIPAL_CONCEPT = conceptCheck(
  new RegExp(
    `${IGNORE_VERB}\\s+${fillers(1)}(?:(?:the|your|its|their|al|el|den|o|ao)\\s+|l['\u2019])?${PRINCIPAL}`,
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
  /\b(?:buy|purchase|order|pay for|check ?out)\b[^.\n]{0,60}\b(?:saved card|stored card|credit card|card on file|saved payment|payment method on file|wallet|gift cards?)\b|\b(?:buy|purchase|order)\s+(?:\d{2,4}(?!\d)|dozens of|hundreds of)\s+\w+/i,
);
/** Merging handed on past its checks (round 32): approve or merge ... without waiting for CI, the checks, the
 * pipeline, tests or review (`don't wait for the CI checks`), an admin or forced merge past branch protection.
 * "Merge it once CI is green" passes. Sources: OWASP CICD-SEC-1 Insufficient Flow Control; GitHub protected
 * branches (required status checks). */
const MERGE_UNCHECKED = gated(
  /\b(?:approve|merge)\b[^.\n]{0,120}?\b(?:without|don['\u2019]?t|do not|no need to|skip(?:ping)?|ignor(?:e|ing)|bypass(?:ing)?)\s+(?:(?:waiting|wait)\s+(?:for|on|until)\s+)?(?:(?:the|any|a|our|its)\s+(?:[a-z-]+\s+){0,2}?)?(?:ci\b|checks?\b|status checks?\b|pipelines?\b|tests?\b|builds?\b|reviews?\b|branch protection\b)|\b(?:admin|force)[- ]merge\b|\bmerge\b[^.\n]{0,60}\s--admin\b/i,
);
/** An order's or account's shipping address changed to a new one (round 32; InjecAgent's and AgentDojo's
 * redirected deliveries): a change verb, the shipping, delivery or mailing address, then `to` and where.
 * Reading or telling the current address passes. */
const ADDRESS_CHANGED = gated(
  /\b(?:change|update|set|switch|edit|replace|modify|redirect)\b[^.\n]{0,60}\b(?:shipping|delivery|mailing)\s+address\b[^.\n]{0,60}?\bto\s+\S/i,
);
/** Engagement made for someone (round 32): starring or upvoting a repository or project, or watching one on a
 * forge, as an order (clause start). Reading star counts passes. Sources: GitHub Acceptable Use Policies
 * (inauthentic activity); He et al., 4.5 Million (Suspected) Fake Stars in GitHub (2024). */
const ENGAGEMENT = gated(
  /(?:^|[.;:!?,\n]\s*|\b(?:and|then|please|also|to)\s+)(?:(?:star|upvote)\s+(?:and\s+(?:star|watch|fork|upvote)\s+)?(?:(?:the|our|this|these|their|all|its|my)\s+)?(?:github\.com\/|gitlab\.com\/|repos?\b|repositor(?:y|ies)\b|projects?\b|[\w-]+\/[\w.-]+)|watch\s+(?:and\s+(?:star|fork)\s+)?(?:github\.com\/|gitlab\.com\/))/i,
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
  if (MERGE_UNCHECKED.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on approving or merging without waiting for checks`);
  }
  if (ADDRESS_CHANGED.test(text)) {
    findings.escalate("money", `"${tool}" hands on changing where an order or account ships to`);
  }
  if (ENGAGEMENT.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on starring or watching repositories`);
  }
  judgeDelegatedSafeguards(tool, text, findings);
}
