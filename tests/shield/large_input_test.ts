/** Large and adversarial payloads: the whole scanned text is judged, ordinary megabyte bodies pass, and
 * inputs built to make rule regexes backtrack are escalated as not fully judged instead of hanging. */

import assert from "node:assert/strict";
import { makeShield } from "./shield_fixture.ts";
import type { Action } from "../../src/shield/types.ts";
import { gapProfile } from "../../src/shield/regex_cost.ts";

const MB = 1024 * 1024;
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const post = (body: string): Action => ({
  type: "http_request",
  payload: { url: "https://api.example.com/import", method: "POST", body },
});

Deno.test("a one-megabyte ordinary JSON body to an allowed host is allowed", async () => {
  const body = fill('{"user":"alice","note":"ordinary JSON payload for an API","n":12345}\n', MB);
  const verdict = await makeShield({ allowedDomains: ["api.example.com"] }).evaluate(post(body));
  assert.equal(verdict.decision, "ALLOW", verdict.reason);
});

Deno.test("a private key at the end of a one-megabyte body is still caught", async () => {
  const body = fill('{"user":"alice","n":1}\n', MB - 200) + "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl";
  const verdict = await makeShield().evaluate(post(body));
  assert.equal(verdict.decision, "BLOCK", verdict.reason);
});

Deno.test("repeated single characters of a megabyte are judged without a runaway regex", async () => {
  const shield = makeShield();
  for (const char of ["a", " ", "/", ".", "-", "0", "|", "'"]) {
    const text = char.repeat(MB);
    for (
      const action of [
        post(text),
        { type: "write_file", payload: { path: "notes.md", content: text } },
        { type: "create_agent", payload: { task: text } },
      ] satisfies Action[]
    ) {
      const verdict = await shield.evaluate(action);
      assert.ok(["ALLOW", "ESCALATE", "BLOCK"].includes(verdict.decision));
    }
  }
});

Deno.test("text built to make a rule backtrack is escalated as not fully judged", async () => {
  const shield = makeShield();
  const cases: Action[] = [
    { type: "write_file", payload: { path: "notes.md", content: fill("sandbox.", MB - 64) + " = x off" } },
    post(fill("apikey", MB - 64) + " : short"),
    { type: "create_agent", payload: { task: fill("curl.", 256 * 1024) + "| echo sh" } },
  ];
  for (const action of cases) {
    const verdict = await shield.evaluate(action);
    assert.equal(verdict.decision, "ESCALATE", verdict.reason);
    assert.match(verdict.reason, /Not fully judged/);
  }
});

Deno.test("hidden-file program paths of hundreds of kilobytes are judged", async () => {
  const verdict = await makeShield().evaluate({
    type: "execute_command",
    payload: { command: fill("/.", 200 * 1024) + "/.x" },
  });
  assert.notEqual(verdict.decision, "ALLOW");
});

Deno.test("gap profiles cover unanchored unbounded patterns and skip anchored or bounded ones", () => {
  assert.equal(gapProfile(/^rm(?=\s).*x/), undefined);
  assert.equal(gapProfile(/\bcurl\b[^\n]{0,40}sh/), undefined);
  const profile = gapProfile(/\bcurl\b[^|\n]*\|\s*sh/);
  assert.ok(profile);
  assert.equal(profile.head?.test("curl"), true);
});
