/** Open-world searches of the user's mail, chats, notes or drives for passwords, keys and sign-in codes
 * (`search_emails {query: "security code"}`, `get_file_by_id {file_id: "passwords-2024.docx"}`): the first step of
 * data-stealing injections. Code searches in the workspace are other tools (`grep`, `search_files`) and pass. Round 70:
 * a public web search engine's query (`web_search`, `google_search`, `brave_search`, Tavily, Exa, SerpAPI) searches
 * the web, not the user's data ("combolist credential stuffing trends" is research); round 70's illicit-goods check
 * reads what such a query shops for. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const QUERY_KEYS =
  /^(?:q|query|queries|search|search_?term|search_?query|keywords?|term|text|filter|subject|file_?name|name|file_?id|title|pattern)$/i;
const SECRET_TERMS = gated(
  /\b(?:passwords?|passwd|passcodes?|pass ?phrases?|(?:security|verification|login|sign-?in|confirmation|auth(?:entication)?|2fa|mfa|one[- ]time|reset|recovery|backup)\s+(?:codes?|links?|pins?)|otp|2fa|mfa codes?|api[ _-]?keys?|access (?:keys?|tokens?)|secret(?:s|[ _]keys?)?|credentials?|private keys?|seed phrases?|ssn|social security|credit cards?|card numbers?|cvv|iban|bank (?:details|account)|routing numbers?)\b/i,
);

/** Tools that search the public web. */
const WEB_SEARCH =
  /^(?:web_?search|internet_?search|google_?search|bing_?search|brave_?(?:web_?)?search|duckduckgo\w*|ddg_?search|tavily\w*|mcp__exa__\w+|exa_?search|serp_?api\w*|perplexity\w*)$/i;

export function judgeSecretSearches(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (WEB_SEARCH.test(tool)) return;
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value !== "string" || value.length > 512 || !QUERY_KEYS.test(key)) continue;
    if (SECRET_TERMS.test(value.replace(/[_.-]/g, " "))) {
      findings.escalate("read", `"${tool}" searches the user's data for credentials or sign-in codes`);
      return;
    }
  }
}
