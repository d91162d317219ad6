/** Bulk tools that change whatever a query selects (`jira bulk_edit {jql}`, Gmail `batch_modify {query:
 * "in:inbox"}`, `update_many {filter: {}}`): the name says "edit" or "modify", the reach is every match, which no
 * one has seen (MITRE ATT&CK T1565.001, stored data manipulation). A batch given the ids it acts on passes. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

const BULK_WORDS = new Set(["bulk", "batch", "mass", "many", "all", "every"]);
const SELECTOR_KEY =
  /^(?:query|q|jql|cql|filter|filters|criteria|where|search|selector|match|conditions?|scope)$/i;
const ID_KEY = /(?:^|_)ids?$|Ids?$|^(?:items|messages|files|records|keys)$/;

/** A selector that reaches an unknown set: a query string, or a filter object that names more than one record's
 * id (`filter: {id: "003A"}` is one record). */
function selects(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (!value || typeof value !== "object" || Array.isArray(value)) return Boolean(value);
  const entries = Object.entries(value);
  return !(entries.length > 0 &&
    entries.every(([key, inner]) => /^_?id$|_id$|Id$/.test(key) && typeof inner !== "object"));
}

export function judgeBulkChanges(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!words.words.some((word) => BULK_WORDS.has(word))) return;
  if (!["write", "delete", "disable", "send"].some((verb) => words.verbs.has(verb as never))) return;
  const entries = Object.entries(payload).slice(0, 32);
  if (entries.some(([key, value]) => ID_KEY.test(key) && Array.isArray(value) && value.length > 0)) return;
  const selector = entries.find(([key, value]) => SELECTOR_KEY.test(key) && selects(value));
  if (selector) {
    findings.escalate("write", `"${tool}" changes every item its "${selector[0]}" selects`);
  }
}
