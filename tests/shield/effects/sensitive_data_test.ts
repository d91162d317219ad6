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
