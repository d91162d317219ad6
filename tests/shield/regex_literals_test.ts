/** Required-literal analysis: exact on simple patterns, and sound for every rule and policy glob (whenever
 * a pattern matches a text, one of its literals is in that text). */

import assert from "node:assert/strict";
import {
  requiredLiteralBranches,
  requiredLiterals,
  requiredLiteralSets,
} from "../../src/shield/regex_literals.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";
import { fieldTexts } from "../../src/shield/rule_texts.ts";
import { buildActionView } from "../../src/shield/action_view.ts";
import { parsePolicy } from "../../src/shield/policy.ts";
import { globSource } from "../../src/shield/glob.ts";
import { DEFAULT_POLICY_YAML } from "../../src/shield/presets/default_policy.ts";
import { STRICT_POLICY_YAML } from "../../src/shield/presets/strict_policy.ts";
import { PERMISSIVE_POLICY_YAML } from "../../src/shield/presets/permissive_policy.ts";
import { sampleActions } from "./corpus_texts.ts";
import { HOME, WORKSPACE } from "./shield_fixture.ts";
import { RULE_FIELDS, type RuleField } from "../../src/shield/rules/rule.ts";

/** A match implies a literal of every required set in the text, and of every set of some alternative. */
function sound(pattern: RegExp, text: string): boolean {
  if (!pattern.test(text)) return true;
  const holds = (sets: string[][]) => sets.every((set) => set.some((literal) => text.includes(literal)));
  const branches = requiredLiteralBranches(pattern);
  return holds(requiredLiteralSets(pattern) ?? []) && (branches === undefined || branches.some(holds));
}

Deno.test("required literals of simple patterns are what every match must contain", () => {
  assert.deepEqual(requiredLiterals(/^rmdir(?=\s)(?=.*\s-r)/), ["rmdir"]);
  assert.deepEqual(requiredLiterals(/\b(?:curl|wget)\b/), ["curl", "wget"]);
  assert.deepEqual(requiredLiterals(/api_?key/), ["apikey", "api_key"]);
  assert.deepEqual(requiredLiterals(/ptsv[23]\.com/), ["ptsv2.com", "ptsv3.com"]);
  assert.deepEqual(requiredLiterals(/x+\s+mimikatz/), ["mimikatz"]);
  assert.deepEqual(requiredLiterals(/SeCReT/i), ["secret"]);
  assert.deepEqual(requiredLiterals(/a(?=bcd)/), ["bcd"]);
});

Deno.test("a sequence needing several things requires a literal of each", () => {
  assert.deepEqual(requiredLiteralSets(/\b(?:curl|wget)\b[^|\n]*\|\s*(?:ba)?sh\b/), [
    ["curl", "wget"],
    ["sh", "bash"],
    ["|"],
  ]);
  assert.deepEqual(requiredLiteralSets(/curl.*sh|wget/), [["curl", "wget"]]);
  assert.deepEqual(requiredLiteralBranches(/curl.*\|\s*sh|wget/), [[["curl"], ["sh"], ["|"]], [["wget"]]]);
  assert.equal(requiredLiteralBranches(/curl|\s+/), undefined);
});

Deno.test("required literals are absent when a pattern needs no particular text", () => {
  assert.equal(requiredLiterals(/.*/), undefined);
  assert.equal(requiredLiterals(/[a-z]+\d*/), undefined);
  assert.equal(requiredLiterals(/(?:abc)?x?/), undefined);
  assert.equal(requiredLiterals(/abc|\s+/), undefined);
  assert.equal(requiredLiterals(/[\u{E0000}-\u{E007F}]/u), undefined);
  assert.equal(requiredLiterals(/(a*)\1/), undefined);
});

Deno.test("required literals hold on random strings for tricky constructs", () => {
  const patterns = [
    /a(?=bc)/,
    /x?yz/,
    /[ab]{2}c/,
    /(?:foo|bar)+baz/,
    /^(?!x)abc/,
    /\bzoo\b/,
    /a\.b|c\\d/,
    /(a|)b/,
    /(?<=ab)c/,
    /(?<!a)bc/,
    /a{2,3}b/,
    /(?:ab|cd)?(?:ef|g)/,
  ];
  const alphabet = "abcdefgorxyz.\\ ";
  for (let i = 0; i < 20_000; i++) {
    let text = "";
    const length = (i * 7919) % 13;
    for (let k = 0; k < length; k++) text += alphabet[(i * 31 + k * 17 + ((i >> 3) * k)) % alphabet.length];
    for (const pattern of patterns) assert.ok(sound(pattern, text), `${pattern} on ${JSON.stringify(text)}`);
  }
});

const FIELDS: readonly RuleField[] = RULE_FIELDS;

Deno.test("every heuristic rule's literals occur in each corpus and rule-table text it matches", () => {
  const texts = new Set<string>();
  for (const action of sampleActions()) {
    const view = buildActionView(action, WORKSPACE, HOME);
    for (const field of FIELDS) for (const text of fieldTexts(view, field)) texts.add(text);
  }
  let matches = 0;
  for (const rule of HEURISTIC_RULES) {
    for (const text of texts) {
      if (rule.pattern.test(text)) matches++;
      assert.ok(sound(rule.pattern, text), `${rule.id} matched ${JSON.stringify(text)} without its literals`);
    }
  }
  assert.ok(matches > 500, `too few matches to be a meaningful check: ${matches}`);
});

Deno.test("every policy glob's literals occur in each corpus path it matches", () => {
  const paths = new Set<string>();
  for (const action of sampleActions()) {
    const view = buildActionView(action, WORKSPACE, HOME);
    for (const path of view.paths) {
      paths.add(path.absolute.toLowerCase());
      if (path.relative) paths.add(path.relative.toLowerCase());
    }
  }
  for (const yaml of [DEFAULT_POLICY_YAML, STRICT_POLICY_YAML, PERMISSIVE_POLICY_YAML]) {
    for (const rule of parsePolicy(yaml, "preset").rules) {
      for (const glob of rule.paths ?? []) {
        const source = globSource(
          glob.replace(/^!/, "").replaceAll("${workspace}", WORKSPACE).replace(/^~/, HOME),
        );
        const pattern = new RegExp(`^${source}$`, "i");
        for (const path of paths) {
          assert.ok(sound(pattern, path), `${glob} matched ${path} without its literals`);
        }
      }
    }
  }
});
