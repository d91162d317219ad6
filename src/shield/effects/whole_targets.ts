/** Changes aimed at everything a service holds: a changing tool whose selector matches all (`filter: {}`,
 * `where: ""`, `query: "*"`, `match: "1=1"`) rewrites or removes every record, mail or file at once, so it
 * escalates as a mass change (`bulk_update_records {filter: {}, set: {email: ""}}`). */

import type { Findings } from "./findings.ts";

const SELECTOR_KEYS = /^(?:filter|filters|where|query|q|selector|match|criteria|conditions?|scope)$/i;
const MATCH_ALL = /^(?:\*|all|everything|any|true|1\s*=\s*1|in:anywhere|in:all|\{\})$/i;

function matchesAll(value: unknown): boolean {
  if (typeof value === "string") return MATCH_ALL.test(value.trim());
  if (value && typeof value === "object" && !Array.isArray(value)) return Object.keys(value).length === 0;
  return false;
}

export function judgeWholeTargets(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (SELECTOR_KEYS.test(key) && matchesAll(value)) {
      findings.escalate("write", `"${tool}" changes everything its selector "${key}" matches (all of it)`);
      return;
    }
  }
}
