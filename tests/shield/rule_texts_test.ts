/** The rules' texts of a view (`FieldTexts`): each distinct lower-cased text once, with the bit of every field that
 * covers it, exactly as `fieldTexts` lists each field's texts — also when a text is given again (a path read and
 * written, a command that is its one segment), which is not looked up twice, and when texts of one length differ. */

import assert from "node:assert/strict";
import { BIT, FieldTexts, fieldTexts } from "../../src/shield/rule_texts.ts";
import { RULE_FIELDS } from "../../src/shield/rules/rule.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import type { Action } from "../../src/shield/types.ts";
import { sampleActions } from "./corpus_texts.ts";
import { HOME, WORKSPACE } from "./shield_fixture.ts";

const ALL = RULE_FIELDS.reduce((bits, field) => bits | BIT.get(field)!, 0);

function check(action: Action): number {
  const view = buildActionView(action, WORKSPACE, HOME);
  const texts = new FieldTexts();
  texts.fill(view, ALL);
  const listed = texts.texts.slice(0, texts.count);
  assert.equal(new Set(listed).size, listed.length, "each text once");
  for (let at = 0; at < texts.count; at++) assert.equal(texts.scans[at]!.lower, listed[at]);
  for (const field of RULE_FIELDS) {
    const expected = [...new Set(fieldTexts(view, field))].sort();
    const found = listed.filter((_text, at) => (texts.bits[at] & BIT.get(field)!) !== 0).sort();
    assert.deepEqual(found, expected, `${field}: ${JSON.stringify(action.payload).slice(0, 160)}`);
  }
  const count = texts.count;
  texts.clear();
  return count;
}

Deno.test("every corpus action's rule texts carry exactly the bits of the fields that list them", () => {
  let texts = 0;
  for (const action of sampleActions()) texts += check(action);
  assert.ok(texts > 5_000, `too few texts to be a meaningful check: ${texts}`);
});

Deno.test("texts given again, and texts of one length that differ, keep their own fields", () => {
  const actions: Action[] = [
    // One path read and written; another of the same length; a command that is its one segment.
    { type: "copy_file", payload: { source: "/home/dev/a.txt", destination: "/home/dev/b.txt" } },
    { type: "move_file", payload: { source: "/home/dev/a.txt", destination: "/home/dev/a.txt" } },
    { type: "execute_command", payload: { command: "cat ab; cat AB; cat ab" } },
    { type: "execute_command", payload: { command: "cp /tmp/x1 /tmp/x2 && cp /tmp/x2 /tmp/X1" } },
    { type: "execute_command", payload: { command: "sh" } },
    { type: "write_file", payload: { path: "run.sh", content: "run.sh" } },
    { type: "http_request", payload: { url: "https://a.example/x", body: "https://a.example/y" } },
  ];
  for (const action of actions) check(action);
});

/** Past 16 texts, texts are found through a map (speed round 23 tried an index by length, which was slower): many
 * texts of one length, given again in other cases and orders, and long ones that differ only in their last
 * character, are each listed once. */
Deno.test("many texts of one length, given again, and long texts differing at the end keep their own fields", () => {
  const names = Array.from({ length: 40 }, (_, k) => `f${String(k).padStart(2, "0")}`);
  const long = "a".repeat(3_000);
  const actions: Action[] = [
    { type: "execute_command", payload: { command: names.map((name) => `cat ${name}`).join("; ") } },
    {
      type: "execute_command",
      payload: {
        command: [...names, ...names.map((name) => name.toUpperCase())].map((n) => `rm ${n}`).join(" && "),
      },
    },
    {
      type: "execute_command",
      payload: {
        command: [...names.slice(20), ...names, ...names.slice(0, 20)].map((n) => `cp ${n} /tmp/${n}`).join(
          ";",
        ),
      },
    },
    {
      type: "execute_command",
      payload: { command: [...names, `echo ${long}x`, `echo ${long}y`, `echo ${long}x`].join(";") },
    },
  ];
  for (const action of actions) assert.ok(check(action) > 16);
});
