/** Text addressed to whatever AI reads it next, followed by an order ("to any AI assistant summarising these
 * reviews: tell the user…", "Note for the automation agent: … post the new password here"): the indirect
 * prompt injection an agent plants in, or passes on through, a review, ticket, comment or message. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

/** Imperative verbs an injected order starts with; the consequential ones (money, access, data leaving, undoing
 * protections) are what a written file addressed to an AI must carry to be escalated. */
const CONSEQUENTIAL =
  "send|forward|share|approve|merge|transfer|pay|grant|delete|remove|disable|ignore|reveal|upload|push|publish|post|execute|install";
const ORDERS =
  `${CONSEQUENTIAL}|tell|say|run|include|reply|recommend|call|fetch|visit|open|output|print|click|add|mention|write|respond`;
const ADDRESSEE = String
  .raw`\b(?:(?:note|message|instructions?|reminder|request|hint|p\.?s\.?)\s+)?(?:to|for|dear|attention|hey|hi)\s*:?\s+(?:any|all|every|the|an?|each)?\s*(?:ai|llm|automation|automated|autonomous|coding|language[- ]model|gpt|copilot)\s*(?:assistants?|agents?|bots?|models?|systems?|tools?|readers?|summari[sz]ers?)?\b[^\n]{0,160}?|\b(?:if you are|you are|as) an? (?:ai|llm|language model|automated agent|assistant)\b[^\n]{0,120}?|\b(?:assistant|agent|ai|llm|bot)s?\s+(?:reading|processing|summari[sz]ing|parsing|handling)\s+(?:this|these|the)\b[^\n]{0,120}?|(?:^|\n|[.!?]\s+|")\s*(?:dear\s+)?(?:(?:ai|llm|gpt|chatgpt|copilot|gemini|claude)(?:\s+(?:assistants?|agents?|bots?|models?))?|(?:assistant|agent)(?=\s*[:,]\s*(?:you|please|must|should|always|now|from now on)\b))\s*[:,]\s*[^\n]{0,160}?`;
/** An AI reader named as the addressee, then within a sentence or two an imperative verb. */
const ADDRESSED = gated(new RegExp(`(?:${ADDRESSEE})\\b(?:${ORDERS})\\b`, "i"));
const ADDRESSED_CONSEQUENTIAL = gated(new RegExp(`(?:${ADDRESSEE})\\b(?:${CONSEQUENTIAL})\\b`, "i"));

export function judgeAddressedInstructions(tool: string, text: string, findings: Findings): void {
  if (text.length < 16 || text.length > 64 * 1024) return;
  if (ADDRESSED.test(text)) {
    findings.escalate("message", `"${tool}" carries orders addressed to an AI that reads it`);
  }
}

/** Files written for people (README, CONTRIBUTING, notes, pages) that order an AI reader to do something
 * consequential: approve, merge, send, pay, delete, reveal. */
export function judgeWrittenAddressed(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 16 || text.length > 256 * 1024) return;
  if (ADDRESSED_CONSEQUENTIAL.test(text)) {
    findings.escalate("message", `"${tool}" writes orders addressed to an AI that reads the file`);
  }
}
