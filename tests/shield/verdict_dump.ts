/** Writes every case's decision and reason, per case set, for comparing two checkouts' Shields (speed work must
 * leave verdicts as they were): `deno run -A tests/shield/verdict_dump.ts CHECKOUT OUT_DIR` writes
 * OUT_DIR/{top,dev,heldout,heldout2,…,heldout8,benign-dev}.tsv from CHECKOUT's scripts/shield_scoring.ts (the code behind
 * `deno task score-shield`; the blind held-out set, `HELD_OUT`, is never dumped); run it for both checkouts, then `diff -r` the folders, or compare them with
 * `verdict_compare.ts` (no verdict weaker). Lines are `id, expect, decision, reason`; held-out lines hold a hash of
 * the reason only (every held-out set), so they can be compared without being read. */

import { SET_NAMES } from "../../scripts/shield_scoring.ts";
import { HELD_OUT } from "../../scripts/score_shield.ts";

/** The blind set: nobody working on Shield dumps or scores it. */
const BLIND = new Set<string>(HELD_OUT);
const SETS = SET_NAMES.filter((set) => !BLIND.has(set));

async function hashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

async function main(args: string[]): Promise<number> {
  const [checkout, out] = args;
  if (!checkout || !out) {
    console.error("Usage: deno run -A tests/shield/verdict_dump.ts CHECKOUT OUT_DIR");
    return 2;
  }
  const scoring = await import(`${checkout.replace(/\/$/, "")}/scripts/shield_scoring.ts`);
  await Deno.mkdir(out, { recursive: true });
  for (const set of SETS) {
    if (set === "benign-dev" && !await scoring.benignDevAvailable()) continue;
    const results = await scoring.evaluateCases(await scoring.loadSet(set));
    const lines: string[] = [];
    for (const { testCase, decision, reason } of results) {
      const shown = set.startsWith("heldout") ? await hashOf(reason) : reason;
      lines.push(`${testCase.id}\t${testCase.expect}\t${decision}\t${shown}`);
    }
    await Deno.writeTextFile(`${out}/${set}.tsv`, lines.join("\n") + "\n");
    console.log(`${set}: ${results.length} cases`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
