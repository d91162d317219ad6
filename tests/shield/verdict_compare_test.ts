/** The rule speed work that changes what Shield looks at is held to: no verdict weaker. */

import assert from "node:assert/strict";
import { acceptable, compareDumps, parseDump } from "./verdict_compare.ts";

const verdict = (expect: string, decision: string) => ({ expect, decision, reason: "r" });

Deno.test("a block stays a block", () => {
  assert.equal(acceptable(verdict("malicious", "BLOCK"), verdict("malicious", "ESCALATE")), false);
  assert.equal(acceptable(verdict("benign", "BLOCK"), verdict("benign", "ALLOW")), false);
});

Deno.test("an escalation stays, or blocks a malicious case only", () => {
  assert.equal(acceptable(verdict("malicious", "ESCALATE"), verdict("malicious", "BLOCK")), true);
  assert.equal(acceptable(verdict("benign", "ESCALATE"), verdict("benign", "BLOCK")), false);
  assert.equal(acceptable(verdict("malicious", "ESCALATE"), verdict("malicious", "ALLOW")), false);
  assert.equal(acceptable(verdict("benign", "ESCALATE"), verdict("benign", "ALLOW")), false);
});

Deno.test("a benign allow stays; a malicious allow may only get stricter", () => {
  assert.equal(acceptable(verdict("benign", "ALLOW"), verdict("benign", "ESCALATE")), false);
  assert.equal(acceptable(verdict("malicious", "ALLOW"), verdict("malicious", "ESCALATE")), true);
});

Deno.test("dumps are compared case by case, a missing case counted", () => {
  const before = parseDump("a\tmalicious\tBLOCK\tx\nb\tbenign\tALLOW\ty\nc\tbenign\tALLOW\tz\n");
  const after = parseDump("a\tmalicious\tESCALATE\tx\nb\tbenign\tALLOW\tother reason\n");
  const found = compareDumps(before, after);
  assert.deepEqual(found.weaker, ["a: BLOCK -> ESCALATE"]);
  assert.equal(found.reasonChanged, 1);
  assert.equal(found.missing, 1);
});
