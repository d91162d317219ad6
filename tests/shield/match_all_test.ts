/** `matchesOf` (speed round 34) gives what `String.prototype.matchAll` gives: the same matches (text, index, groups,
 * input) in the same order, from the pattern's `lastIndex` at the call, past empty matches (a code point at a time
 * under `u`/`v`), the pattern untouched, nested and abandoned iterations apart, and a pattern without `g` refused. */

import assert from "node:assert/strict";
import { matchesOf } from "../../src/shield/match_all.ts";
import { GATED } from "../../src/shield/effects/gate.ts";
import { caseActions } from "./effects/case_actions.ts";
import "../../src/shield/effects/effect_profile.ts";

function shape(matches: Iterable<RegExpExecArray>): unknown[] {
  return [...matches].map((match) => ({
    all: [...match],
    index: match.index,
    input: match.input,
    groups: match.groups ? { ...match.groups } : undefined,
    indices: match.indices ? [...match.indices] : undefined,
  }));
}

function same(pattern: RegExp, text: string): void {
  const before = pattern.lastIndex;
  const expected = shape(text.matchAll(pattern));
  assert.deepEqual(pattern.lastIndex, before);
  assert.deepEqual(
    shape(matchesOf(pattern, text)),
    expected,
    `${pattern} on ${JSON.stringify(text.slice(0, 80))}`,
  );
  assert.deepEqual(pattern.lastIndex, before);
}

Deno.test("matchesOf: edge cases of empty matches, flags and lastIndex", () => {
  const texts = [
    "",
    "a",
    "aaa",
    "x😀y😀",
    "😀",
    "\ud83d",
    "ab\ncd\n\nef",
    "café naïve",
    "token=abc; key=def",
  ];
  const patterns = [
    /a*/g,
    /(?:)/g,
    /(?:)/gu,
    /(?:)/gv,
    /\b/g,
    /$/gm,
    /^/gm,
    /(?<word>\w+)=(?<value>\w+)/g,
    /./gsu,
    /a/gy,
    /(?:a|)/gd,
    /\p{L}+/gu,
  ];
  for (const pattern of patterns) for (const text of texts) same(pattern, text);
  // The start is the pattern's lastIndex when called (matchAll reads it then).
  const started = /\w/g;
  started.lastIndex = 3;
  same(started, "abcdef");
  const iterator = matchesOf(started, "abcdef");
  started.lastIndex = 0;
  assert.deepEqual([...iterator].map((match) => match[0]), ["d", "e", "f"]);
  assert.throws(() => matchesOf(/a/, "a"), TypeError);
});

Deno.test("matchesOf: nested, interleaved and abandoned iterations are independent", () => {
  const pattern = /\d/g;
  const pairs: string[] = [];
  for (const outer of matchesOf(pattern, "123")) {
    for (const inner of matchesOf(pattern, "45")) pairs.push(outer[0] + inner[0]);
  }
  assert.deepEqual(pairs, ["14", "15", "24", "25", "34", "35"]);
  const first = matchesOf(pattern, "123");
  const second = matchesOf(pattern, "789");
  assert.deepEqual([first.next().value?.[0], second.next().value?.[0], first.next().value?.[0]], [
    "1",
    "7",
    "2",
  ]);
  for (const match of matchesOf(pattern, "999")) if (match[0] === "9") break;
  assert.deepEqual([...matchesOf(pattern, "12")].map((match) => match[0]), ["1", "2"]);
});

Deno.test("matchesOf: same matches as matchAll for every gated pattern over case texts", async () => {
  const texts: string[] = [];
  const actions = await caseActions();
  for (let index = 0; index < actions.length; index += 37) {
    for (const value of Object.values(actions[index].payload ?? {})) {
      if (typeof value === "string" && value.length > 0) texts.push(value.slice(0, 2000));
    }
  }
  let compared = 0;
  for (const gated of GATED) {
    const flags = gated.pattern.flags.replace(/[gy]/g, "");
    const pattern = new RegExp(gated.pattern.source, `${flags}g`);
    for (const text of texts) {
      same(pattern, text);
      compared++;
    }
  }
  assert.deepEqual(compared > 10_000, true);
});
