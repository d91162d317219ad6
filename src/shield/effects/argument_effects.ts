/** Effects named by an open-world tool's *argument keys* rather than its name: a read verb in the name makes the
 * tool "understood", and the arguments then do the rest (`get_account {forwarding_address: ...}`,
 * `get_user_info {recovery_email: ...}`, `update_profile {recovery_phone: ...}`, `get_events {then_delete: true}`).
 * The name's verb never outweighs what the arguments ask for: an address under a recovery or forwarding key
 * changes who controls the account or receives its mail; a key whose own verb deletes, sends, pays or grants,
 * switched on, adds that effect. Filters (`include_deleted`, `show_shared`) are states to match, not acts. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { VERBS } from "./vocabulary.ts";
import { identifierWords } from "./words.ts";

/** Key words that route mail or recovery to another address or number. */
const ROUTE_WORDS = new Set([
  "recovery",
  "forwarding",
  "forward",
  "backup",
  "alternate",
  "secondary",
  "fallback",
]);
const ROUTE_KEY = /recover|forward|backup|alternat|secondary|fallback/i;
const ADDRESS_WORDS = new Set([
  "email",
  "mail",
  "address",
  "phone",
  "number",
  "mobile",
  "sms",
  "contact",
  "to",
]);
const ADDRESS_VALUE = /^[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$|^\+?[\d ().-]{7,20}$/i;
/** First words of keys that filter or shape a result, never act. */
const FILTER_FIRST =
  /^(?:include|includes|show|only|exclude|with|without|is|has|filter|sort|order|hide|list|count|return|fetch|get|dry|preview|simulate|check|validate|can|allow|allowed|max|min|limit|page)$/;
/** Verb classes a switched-on key adds. */
const ACTING = new Set(["delete", "send", "money", "grant"]);

function keyVerbs(words: readonly string[]): string[] {
  return words.flatMap((word) => (VERBS.get(word) ?? []).filter((verb) => ACTING.has(verb)));
}

export function judgeArgumentEffects(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  // A sending tool's recipients are judged as recipients; a read-only name is what the switched-on keys contradict.
  const sends = words.verbs.has("send");
  const readOnly = words.verbs.size > 0 && [...words.verbs].every((verb) => verb === "read");
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    // Words are split only for the keys that can matter (a cheap test first).
    const switched = value === true && readOnly;
    if (!switched && !(typeof value === "string" && ROUTE_KEY.test(key))) continue;
    const keyWords = identifierWords(key);
    if (keyWords.length === 0 || FILTER_FIRST.test(keyWords[0])) continue;
    if (
      !sends && typeof value === "string" && ADDRESS_VALUE.test(value.trim()) &&
      keyWords.some((word) => ROUTE_WORDS.has(word)) && keyWords.some((word) => ADDRESS_WORDS.has(word))
    ) {
      findings.escalate(
        "access",
        `"${tool}" sets "${key}" to "${value.trim()}": who recovers or receives the account`,
      );
      continue;
    }
    if (value !== true || !readOnly) continue;
    const added = keyVerbs(keyWords).filter((verb) => !words.verbs.has(verb as never));
    if (added.length > 0) {
      findings.escalate(
        added[0] === "money"
          ? "money"
          : added[0] === "grant"
          ? "access"
          : added[0] === "send"
          ? "message"
          : "delete",
        `"${tool}" is told to ${keyWords.join(" ")} by its "${key}" argument, which its name does not say`,
      );
    }
  }
}
