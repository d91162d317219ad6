/** Open-world arguments that decide on the user's behalf or multiply an action: a review submitted as an
 * approval or a merge (`event: "APPROVE"`), and a count that makes one call into hundreds (`count: 500`
 * sub-agents, instances, copies). */

import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";

const DECISION_KEY = /^(?:event|action|decision|verdict|review_?event|review_?action|merge)$/i;
const APPROVES = /^(?:approve|approved|merge|merged|lgtm)$/i;
const COUNT_KEY =
  /^(?:count|number|num|instances|replicas|quantity|copies|workers|agents|times|repeat|repetitions|iterations|parallel(?:ism)?|concurrency|num_\w+|\w+_count)$/i;
const MANY = 100;

export function judgeDecisionArguments(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const reads = words.length > 0 && PURE_READ.has(words[0]);
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (typeof value === "string" && DECISION_KEY.test(key) && APPROVES.test(value.trim())) {
      findings.escalate("access", `"${tool}" approves or merges on the user's behalf`);
    }
    const count = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
    if (!reads && COUNT_KEY.test(key) && Number.isFinite(count) && count >= MANY) {
      findings.escalate("write", `"${tool}" repeats its action ${count} times at once`);
    }
  }
}
