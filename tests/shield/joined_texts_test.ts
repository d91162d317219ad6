// Speed round 31: texts cut from or joined with texts Shield has scanned (`boundedText`, `joinedWith`) are the
// strings a plain `slice` or `join` gives, their composed scans place every literal where a fresh scan of them does
// (the ids a superset), and every gated pattern answers on them, through the composed scan, as its bare regex does.
import assert from "node:assert/strict";
import "../../src/shield/effects/effect_profile.ts";
import { HEURISTIC_RULES } from "../../src/shield/rules/index.ts";
import { HeuristicMatcher } from "../../src/shield/heuristic_matcher.ts";
import { LITERALS, LONG_TEXT, type TextScan } from "../../src/shield/literal_index.ts";
import { boundedText, describeAround, joinedWith } from "../../src/shield/joined_texts.ts";
import { GATED } from "../../src/shield/effects/gate.ts";
import { readProse } from "../../src/shield/prose_text.ts";
import { payloadStrings } from "./payload_strings.ts";

// Every rule's literals registered, as in a running engine.
new HeuristicMatcher(HEURISTIC_RULES);

const same = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((value, k) => value === b[k]);

/** What differs between a composed scan and a fresh one ("" when nothing does). */
function differences(composed: TextScan, fresh: TextScan): string {
  if (composed.lower !== fresh.lower) return "lower-cased text";
  if (!same(composed.placedIds(), fresh.placedIds())) return "placed ids";
  if (!same(composed.offsetsOf(), fresh.offsetsOf())) return "placement counts";
  if (!same(composed.startsOf(), fresh.startsOf())) return "placements";
  if (composed.covered !== fresh.covered || composed.clamped !== fresh.clamped) return "coverage";
  const ids = new Set(composed.ids);
  return fresh.ids.every((id) => ids.has(id)) ? "" : "an id the text holds is missing";
}

/** Long texts built from the corpus's payload strings (each case's strings are short: repeated and joined). */
async function longTexts(): Promise<string[]> {
  const strings = (await payloadStrings()).filter((text) => text.length >= 8);
  const texts: string[] = [];
  for (let k = 0; k + 2 < strings.length; k += 7) {
    const [a, b, c] = strings.slice(k, k + 3);
    texts.push([a, b, c].join("\n").repeat(Math.ceil(2 * LONG_TEXT / (a.length + b.length + c.length + 2))));
  }
  return texts;
}

Deno.test("boundedText is the plain slice, and its composed scan places literals as a fresh scan", async () => {
  let composed = 0;
  for (const text of await longTexts()) {
    for (
      const max of [LONG_TEXT - 1, LONG_TEXT, LONG_TEXT + 7, Math.floor(text.length / 2) + 3, text.length]
    ) {
      LITERALS.forget();
      LITERALS.scan(text, true);
      const bounded = boundedText(text, max);
      assert.equal(bounded, text.slice(0, max));
      const scan = LITERALS.scan(bounded);
      // A cut of a long text is always composed (the description is used), a shorter one or the whole is scanned.
      assert.equal(scan.exact, max < LONG_TEXT || max >= text.length, `cut at ${max} of ${text.length}`);
      if (scan.exact) continue;
      composed++;
      const wrong = differences(scan, LITERALS.scan(bounded, true));
      assert.equal(wrong, "", `${wrong}: cut at ${max} of ${JSON.stringify(text.slice(0, 60))}`);
    }
  }
  assert.ok(composed > 300, `only ${composed} composed`);
});

Deno.test("joinedWith is the plain join, and its composed scan places literals as a fresh scan", async () => {
  const texts = await longTexts();
  let composed = 0;
  for (let k = 0; k + 1 < texts.length; k++) {
    const [a, b] = [texts[k], texts[k + 1]];
    const cases: Array<[string[], string[]]> = [
      [[a], [readProse(a) ?? "", a.toUpperCase()]],
      [[a, b.slice(0, 40)], [b.slice(3, 900)]],
      [[a.slice(0, 30), "", b], ["", "x"]],
      [[a], []],
      [[], [a, b.slice(0, 20)]],
    ];
    for (const [index, [scanned, fresh]] of cases.entries()) {
      LITERALS.forget();
      for (const text of scanned) LITERALS.scan(text, true);
      const joined = joinedWith(scanned, fresh, "\n");
      assert.equal(joined, [...scanned, ...fresh].join("\n"));
      const scan = LITERALS.scan(joined);
      // A long scanned text joined with fresh ones is always composed (the description is used).
      // A long scanned text joined with fresh ones is composed (the description is used) unless its scan cannot be
      // moved (a literal clamped at its start).
      if (index === 0 && !LITERALS.peek(scanned[0])!.clamped) {
        assert.ok(
          !scan.exact,
          `a text joined with its readings was scanned again: ${JSON.stringify(a.slice(0, 60))}`,
        );
      }
      if (scan.exact) continue;
      composed++;
      const wrong = differences(scan, LITERALS.scan(joined, true));
      assert.equal(
        wrong,
        "",
        `${wrong}: ${JSON.stringify([...scanned, ...fresh].map((t) => t.slice(0, 30)))}`,
      );
    }
  }
  assert.ok(composed > 300, `only ${composed} composed`);
});

Deno.test("every gated pattern answers on bounded and joined texts through their composed scans as its bare regex", async () => {
  const texts = (await longTexts()).filter((_, k) => k % 40 === 0);
  let asked = 0;
  for (const text of texts) {
    const variants: Array<() => string> = [
      () => boundedText(text, Math.floor(text.length * 0.6)),
      () => joinedWith([text], [readProse(text) ?? "", text.slice(5, 300)], "\n"),
    ];
    for (const variant of variants) {
      for (const gate of GATED) {
        LITERALS.forget();
        LITERALS.scan(text, true);
        const made = variant();
        const bare = new RegExp(gate.pattern.source, gate.pattern.flags.replace("g", ""));
        assert.equal(gate.test(made), bare.test(made), `test of ${gate.pattern.source.slice(0, 80)}`);
        LITERALS.forget();
        LITERALS.scan(text, true);
        const again = variant();
        const found = gate.exec(again);
        const expected = bare.exec(again);
        assert.equal(found?.index, expected?.index, `exec of ${gate.pattern.source.slice(0, 80)}`);
        assert.equal(found?.[0], expected?.[0]);
        asked++;
      }
    }
  }
  assert.ok(asked > 1000, `only ${asked} asked`);
});

Deno.test("a line described around a scanned text it holds composes a scan that places literals as a fresh scan", async () => {
  // Speed round 40: the round plan describes a long heredoc line by the body the rules scanned and the rest of the
  // line; every gated pattern must answer on the line, through the composed scan, as its bare regex.
  const texts = await longTexts();
  let composed = 0;
  let asked = 0;
  for (let k = 0; k + 1 < texts.length; k++) {
    const [inner, other] = [texts[k], texts[k + 1]];
    const lines = [
      `cat <<'EOF' > notes.py\n${inner}\nEOF`,
      `${inner}\n`,
      `python3 - <<EOF\n${inner}\nEOF\n${other.slice(0, 700)}`,
      `X${inner}`,
    ];
    for (const line of lines) {
      LITERALS.forget();
      LITERALS.scan(inner, true);
      describeAround(line, inner);
      const scan = LITERALS.scan(line);
      if (!LITERALS.peek(inner)!.clamped) {
        assert.ok(!scan.exact, `not composed: ${JSON.stringify(line.slice(0, 60))}`);
      }
      if (scan.exact) continue;
      composed++;
      const wrong = differences(scan, LITERALS.scan(line, true));
      assert.equal(wrong, "", `${wrong}: ${JSON.stringify(line.slice(0, 60))}`);
      if (k % 40 !== 0) continue;
      for (const gate of GATED) {
        LITERALS.forget();
        LITERALS.scan(inner, true);
        describeAround(line, inner);
        const bare = new RegExp(gate.pattern.source, gate.pattern.flags.replace("g", ""));
        assert.equal(gate.test(line), bare.test(line), `test of ${gate.pattern.source.slice(0, 80)}`);
        asked++;
      }
    }
    // A text the line does not hold describes nothing: the line is scanned.
    LITERALS.forget();
    LITERALS.scan(inner, true);
    describeAround(`echo ${other}`, inner + "~");
    assert.ok(LITERALS.scan(`echo ${other}`).exact);
  }
  assert.ok(composed > 300 && asked > 1000, `only ${composed} composed, ${asked} asked`);
});
