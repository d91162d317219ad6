/** Anchored runs give the very match a plain `exec` gives: every rule on long texts built from the corpus and
 * the rule tables' examples, and patterns whose anchors sit after a bounded lead, at the start, or nowhere. */

import assert from "node:assert/strict";
import { AnchoredRegex } from "../../src/shield/anchored_regex.ts";
import { LITERALS, LONG_TEXT } from "../../src/shield/literal_index.ts";
import { anchorBranches } from "../../src/shield/regex_literals.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";
import { fieldTexts } from "../../src/shield/rule_texts.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import { RULE_FIELDS } from "../../src/shield/rules/rule.ts";
import { sampleActions } from "./corpus_texts.ts";
import { HOME, WORKSPACE } from "./shield_fixture.ts";

/** Whether the anchored run tried only some starts (rather than running plainly). */
function same(pattern: RegExp, anchored: AnchoredRegex, text: string): boolean {
  LITERALS.forget();
  const scan = LITERALS.scan(text);
  const windowed = anchored.starts(scan.lower, scan) !== undefined;
  pattern.lastIndex = 0;
  const plain = pattern.exec(scan.lower);
  const found = anchored.exec(scan.lower, scan);
  assert.equal(found?.index, plain?.index, `${pattern} on ${JSON.stringify(text.slice(0, 80))}…`);
  assert.equal(found?.[0], plain?.[0], `${pattern} matched differently`);
  return windowed;
}

/** Long texts: corpus and rule-example texts joined in runs, with filler between so anchors fall anywhere. */
function longTexts(): string[] {
  const pieces: string[] = [];
  for (const action of sampleActions()) {
    const view = buildActionView(action, WORKSPACE, HOME);
    for (const field of RULE_FIELDS) pieces.push(...fieldTexts(view, field));
  }
  const texts: string[] = [];
  let current = "";
  pieces.forEach((piece, index) => {
    current += piece + (index % 3 === 0 ? "\n" : index % 3 === 1 ? " ".repeat(index % 7) : "; ");
    if (current.length >= LONG_TEXT * 2) {
      texts.push(current);
      current = "";
    }
  });
  return texts;
}

Deno.test("anchored runs of every rule find the match a plain run finds, on long texts", () => {
  const texts = longTexts();
  assert.ok(texts.length > 50);
  const rules = HEURISTIC_RULES.map((rule) => [rule.pattern, new AnchoredRegex(rule.pattern)] as const);
  let windowed = 0;
  let matched = 0;
  for (const text of texts) {
    for (const [pattern, anchored] of rules) {
      if (same(pattern, anchored, text)) windowed++;
      if (pattern.test(text)) matched++;
    }
  }
  // Most runs take the anchored path, and the texts hold real matches for it to find.
  assert.ok(windowed > texts.length * rules.length / 2, `only ${windowed} anchored runs`);
  assert.ok(matched > 100, `only ${matched} matches`);
});

Deno.test("anchored runs handle leads, the start of the text, case and several alternatives", () => {
  const patterns = [
    /x?y\d{2}curl\b/,
    /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|model)\b/,
    /^start[\s\S]{0,40}end/,
    /(?:^|\n)\s*ignore/,
    /SeCrEt\s*=\s*\w+|password:\s*\S+/i,
    /(wget|curl)\s+\S+\s*\|\s*\1/,
    /(?:^|\n)\s*end\s+of\s+(?:document|data)\b/,
    /\bdo\s+anything\s+now\b/,
    /(?:^|;)\s*drop\s+table\b/,
  ];
  const filler = "lorem ipsum dolor sit amet, ".repeat(40);
  const texts = [
    filler + "xy12curl and y34curl " + filler,
    filler + "a note to the model here" + filler + "message for ai",
    "start" + filler,
    "start then end" + filler,
    "ignore at start " + filler + "\n   ignore again",
    filler + "SECRET = abc " + filler + "password: hunter2",
    filler + "curl http://x | curl" + filler,
    "end of data" + filler + "\n \t  end   of\n document",
    filler + "do \t anything\n now" + filler + "do anything now",
    filler + ";   \n drop  table x" + filler + "xdrop table",
    filler,
  ];
  let windowed = 0;
  for (const pattern of patterns) {
    const anchored = new AnchoredRegex(pattern);
    for (const text of texts) if (same(pattern, anchored, text)) windowed++;
  }
  assert.ok(windowed >= 50);
});

Deno.test("anchor analysis bounds where a match can start", () => {
  const anchor = (literals: string[], lead: number, spaced = false, atStart = false) => ({
    literals,
    lead,
    spaced,
    atStart,
  });
  assert.deepEqual(anchorBranches(/\b(?:note|message)\s+to/), [anchor(["note", "message"], 0)]);
  assert.deepEqual(anchorBranches(/x?y\d{2}curl/i), [anchor(["curl"], 4)]);
  // Whitespace before the anchor is walked over, whatever its length.
  assert.deepEqual(anchorBranches(/(?:^|\n)\s*end\s+of/), [anchor(["end"], 0, true)]);
  // The longer literal is the better anchor, though further in: ";drop" may come before it.
  assert.deepEqual(anchorBranches(/(?:^|;)\s*drop\s+table/), [anchor(["table"], 5, true)]);
  assert.deepEqual(anchorBranches(/\b(?:add|set\s+up)\b/), [anchor(["add", "set"], 0)]);
  assert.deepEqual(anchorBranches(/^(?:x|y)+z/), [anchor([], 0, false, true)]);
  assert.equal(anchorBranches(/\w*curl/), undefined);
  assert.equal(anchorBranches(/a+b|curl/), undefined);
  assert.equal(anchorBranches(/^x|y/m), undefined);
});
