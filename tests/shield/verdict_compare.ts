/** Compares two verdict dumps (`verdict_dump.ts`) under the rule for work that changes what Shield looks at: no
 * verdict may get weaker. A BLOCK stays BLOCK; an ESCALATE stays ESCALATE, or becomes BLOCK for a malicious case
 * only; a benign ALLOW stays ALLOW. `deno run -A tests/shield/verdict_compare.ts BEFORE_DIR AFTER_DIR` prints, per
 * set, counts of unchanged, changed-allowed and weaker verdicts (held-out: counts only, never ids); exit 1 when any
 * verdict got weaker or a case is missing. */

import { SET_NAMES } from "../../scripts/shield_scoring.ts";

const SETS = SET_NAMES;

export interface Verdict {
  expect: string;
  decision: string;
  reason: string;
}

export function parseDump(text: string): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const [id, expect, decision, ...reason] = line.split("\t");
    verdicts.set(id, { expect, decision, reason: reason.join("\t") });
  }
  return verdicts;
}

/** Whether `after` is allowed to replace `before` (same decision, or stricter where the rule allows). */
export function acceptable(before: Verdict, after: Verdict): boolean {
  if (before.decision === after.decision) return true;
  if (before.decision === "BLOCK") return false;
  if (before.decision === "ESCALATE") return after.decision === "BLOCK" && before.expect === "malicious";
  // ALLOW: a benign ALLOW must stay; a malicious one may only get stricter.
  return before.expect === "malicious";
}

export interface Comparison {
  cases: number;
  sameDecision: number;
  reasonChanged: number;
  stricter: number;
  weaker: string[];
  missing: number;
}

export function compareDumps(before: Map<string, Verdict>, after: Map<string, Verdict>): Comparison {
  const result: Comparison = {
    cases: before.size,
    sameDecision: 0,
    reasonChanged: 0,
    stricter: 0,
    weaker: [],
    missing: 0,
  };
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) {
      result.missing++;
      continue;
    }
    if (old.decision === now.decision) {
      result.sameDecision++;
      if (old.reason !== now.reason) result.reasonChanged++;
    } else if (acceptable(old, now)) result.stricter++;
    else result.weaker.push(`${id}: ${old.decision} -> ${now.decision}`);
  }
  return result;
}

async function main(args: string[]): Promise<number> {
  const [beforeDir, afterDir] = args;
  if (!beforeDir || !afterDir) {
    console.error("Usage: deno run -A tests/shield/verdict_compare.ts BEFORE_DIR AFTER_DIR");
    return 2;
  }
  let failed = false;
  for (const set of SETS) {
    let beforeText: string, afterText: string;
    try {
      beforeText = await Deno.readTextFile(`${beforeDir}/${set}.tsv`);
      afterText = await Deno.readTextFile(`${afterDir}/${set}.tsv`);
    } catch {
      console.log(`${set}: not in both dumps`);
      continue;
    }
    const found = compareDumps(parseDump(beforeText), parseDump(afterText));
    console.log(
      `${set}: ${found.cases} cases, ${found.sameDecision} same decision (${found.reasonChanged} with another ` +
        `reason), ${found.stricter} stricter, ${found.weaker.length} weaker, ${found.missing} missing`,
    );
    // Held-out ids are never printed: counts only.
    if (!set.startsWith("heldout")) { for (const line of found.weaker) console.log(`  weaker: ${line}`); }
    if (found.weaker.length > 0 || found.missing > 0) failed = true;
  }
  return failed ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
