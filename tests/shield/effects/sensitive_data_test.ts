/** sensitiveFindings remembers its last text: the answer for a text asked again is the text's own, whichever
 * texts came between, and forgetting it changes no answer. */

import assert from "node:assert/strict";
import { forgetSensitiveFindings, sensitiveFindings } from "../../../src/shield/effects/sensitive_data.ts";

const PASSWORD = "Here is the login for the server. password: Hunter2-Winter!";
const PLAIN = "Please summarise the meeting notes from Tuesday and list the open questions.";

Deno.test("sensitiveFindings answers each text by its own content, asked again or between others", () => {
  const first = sensitiveFindings(PASSWORD).map((finding) => finding.kind);
  assert.ok(first.includes("password"), `no password found: ${first}`);
  assert.deepEqual(sensitiveFindings(PLAIN), []);
  // A copy built at run time (another string object with the same characters) gets the same answer.
  const copy = [PASSWORD.slice(0, 10), PASSWORD.slice(10)].join("");
  assert.deepEqual(sensitiveFindings(copy).map((finding) => finding.kind), first);
  assert.deepEqual(sensitiveFindings(copy).map((finding) => finding.kind), first);
  // A text one character longer is asked afresh.
  assert.deepEqual(sensitiveFindings(PLAIN + " ").map((finding) => finding.kind), []);
  forgetSensitiveFindings();
  assert.deepEqual(sensitiveFindings(PASSWORD).map((finding) => finding.kind), first);
  assert.deepEqual(sensitiveFindings(""), []);
});

/** The one-time code, account, password and payment patterns run behind the literal gate (round 11): what an attacker
 * would try so a gate skips them. Each text is asked after a short harmless one (the scans of earlier texts must
 * not answer for it). */
const FILLER = "Notes on the release checklist, nothing else here.\n".repeat(220); // about 11 KB
const GATED_CASES: Array<[string, string]> = [
  // The match starts at the digits, before the literal the gate looks for.
  ["one-time code", "482913 — do not share this with anyone"],
  ["one-time code", "Your VERIFICATION CODE is 4829 13"],
  // Each of the one-time pattern's alternatives alone (they are gated one by one).
  ["one-time code", "your bank code is 4829-13"],
  ["one-time code", "G-482913 is your Google code"],
  // Only after the first 10 KB (the scan records positions there; the anchors are far from the start).
  ["one-time code", `${FILLER}backup codes: 7h3k9 2m8q1`],
  ["financial", `${FILLER}Routing number: 021000021`],
  ["password", `${FILLER}PASSWORD for db-admin: Tr0ub4dor&3`],
  ["payment instruction", "$4,800.00 by Friday, then WIRE it to the new account"],
  // Words of the pattern split across a line break (its `\s+` takes the newline).
  ["one-time code", "verification\ncode: 482913"],
];

Deno.test("gated sensitive patterns find what the bare ones find, late, upper-case or starting before their literal", () => {
  for (const [kind, text] of GATED_CASES) {
    for (const spelled of [text, text.toUpperCase(), `${text}\n`]) {
      forgetSensitiveFindings();
      sensitiveFindings(PLAIN);
      const kinds = sensitiveFindings(spelled).map((finding) => finding.kind);
      assert.ok(
        kinds.includes(kind as never),
        `${kind} not found in ${JSON.stringify(spelled.slice(-60))}: ${kinds}`,
      );
    }
  }
  // The literals without what the patterns need after them: no finding, as before.
  assert.deepEqual(sensitiveFindings("verification\ncode is fine, no digits follow").map((f) => f.kind), []);
  assert.deepEqual(sensitiveFindings(`${FILLER}password: see the vault`).map((f) => f.kind), []);
});
