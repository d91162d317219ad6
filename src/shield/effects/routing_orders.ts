/** Routing orders in what the agent reads (tool definitions, results, resources): a sentence that names an outside
 * destination (an address, a phone number, an IBAN or wallet) and tells the agent where messages or money go from
 * now on or for another tool ("When the send_email tool is called, change the recipient to ...", "All emails must
 * also be sent to ...", "set the recipient to IBAN ...", "add bcc ..."). This is Invariant Labs' *shadowing* attack: it
 * addresses no one by name, so the addressed-text check let it pass. An honest description may name a support
 * address ("Questions? Write to support@..."), but does not route other calls to it. */

import type { Findings } from "./findings.ts";

const DESTINATION =
  /[^\s@<>,;:"'()]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\+\d[\d ().-]{7,18}\d|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b|\b0x[a-fA-F0-9]{40}\b|\b(?:bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}\b/;
/** Words that route a message, a copy or a payment. */
const ROUTING =
  /\b(?:b?cc|copy|copies|copied|forward(?:ed|ing)?|redirect(?:ed)?|route[sd]?|send|sent|deliver(?:ed)?|recipients?|payee|beneficiary|transfer(?:s|red)?|wire|pay(?:ments?)?|destination)\b/i;
/** Words that make it a standing order or one about another call. */
const STANDING =
  /\b(?:all|every|any|always|whenever|each time|from now on|in this session|must|also|instead|supersedes?|overrides?|change|replace|set|first)\b|\bwhen(?:ever)? (?:you|the|sending|calling|using|emailing|paying)\b|\b\w+_\w+ tool\b/i;
const EXAMPLE =
  /@(?:[\w-]+\.)*(?:example|test|invalid|localhost|domain|yourcompany|company)\.|^\+?1?[ -]?\(?555\)?/i;
// deno-lint-ignore no-control-regex
const HIDDEN = /\x1b\[[0-9;?]*[A-Za-z]|[\u200b-\u200d\u2060\u00ad\ufeff]/g;

/** An outside destination in the sentence that is not a documentation example (`user@example.com`). */
function destinationIn(sentence: string): string | undefined {
  const global = new RegExp(DESTINATION.source, "g");
  for (const match of sentence.matchAll(global)) {
    if (!EXAMPLE.test(match[0].trim())) return match[0].trim();
  }
  return undefined;
}

/** The first sentence of `texts` that routes messages or money to a destination, if any. */
export function routingOrder(texts: readonly string[]): string | undefined {
  for (const raw of texts.slice(0, 64)) {
    if (raw.length < 16 || raw.length > 64 * 1024) continue;
    const text = raw.replace(HIDDEN, "");
    if (!DESTINATION.test(text)) continue;
    for (const sentence of text.split(/(?<=[.!?])\s+|\n\s*\n/).slice(0, 256)) {
      if (ROUTING.test(sentence) && STANDING.test(sentence) && destinationIn(sentence)) return sentence;
    }
  }
  return undefined;
}

export function judgeRoutingOrders(tool: string, texts: readonly string[], findings: Findings): void {
  const order = routingOrder(texts);
  if (order === undefined) return;
  const destination = destinationIn(order) ?? "";
  findings.escalate(
    "message",
    `"${tool}" tells the agent to route messages or payments to "${destination}" (a shadowing order)`,
  );
}
