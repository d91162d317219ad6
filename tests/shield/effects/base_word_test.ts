// baseWord's shortcut (round 20 of speed): a word whose last letter is not "s", "d" or "g" is returned as it is,
// without trying the nine inflection forms. Over every vocabulary word, each inflected as the forms undo (-s, -es,
// -ies, -ed, -d, -ing, a doubled consonant), in capitals too, and every identifier word of every top and dev case's
// payload strings, the answer is the one the nine forms give.
import assert from "node:assert/strict";
import { baseWord } from "../../../src/shield/effects/tool_words.ts";
import { NOUNS, VERBS } from "../../../src/shield/effects/vocabulary.ts";
import { identifierWords } from "../../../src/shield/effects/words.ts";
import { payloadStrings } from "../payload_strings.ts";

/** baseWord as it was: each form tried in order. */
function everyForm(word: string): string {
  if (word.length < 4) return word;
  const forms = [
    word.replace(/ies$/, "y"),
    word.replace(/es$/, ""),
    word.replace(/s$/, ""),
    word.replace(/ed$/, ""),
    word.replace(/d$/, ""),
    word.replace(/ing$/, ""),
    word.replace(/ing$/, "e"),
    word.replace(/(.)\1ed$/, "$1"),
    word.replace(/(.)\1ing$/, "$1"),
  ];
  return forms.find((form) => form !== word && (VERBS.has(form) || NOUNS.has(form))) ?? word;
}

function inflections(word: string): string[] {
  const stem = word.replace(/e$/, "");
  const last = word.at(-1) ?? "";
  return [
    word,
    `${word}s`,
    `${word}es`,
    `${word.replace(/y$/, "")}ies`,
    `${word}ed`,
    `${word}d`,
    `${stem}ing`,
    `${word}ing`,
    `${word}${last}ed`,
    `${word}${last}ing`,
  ];
}

Deno.test("baseWord's shortcut answers as the nine forms do", async () => {
  const words = new Set<string>();
  for (const word of [...VERBS.keys(), ...NOUNS.keys()]) {
    for (const form of inflections(word)) {
      words.add(form);
      words.add(form.toUpperCase());
    }
  }
  for (const text of await payloadStrings()) {
    for (const word of identifierWords(text.slice(0, 2000))) words.add(word);
  }
  let changed = 0;
  for (const word of words) {
    const base = baseWord(word);
    assert.equal(base, everyForm(word), word);
    if (base !== word) changed++;
  }
  // Not vacuous: many inflected words have a base form.
  assert.ok(changed > 500, `only ${changed} words changed`);
});
