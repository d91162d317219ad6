/** The literal automaton never misses a literal that occurs in a text (it may report look-alikes). */

import assert from "node:assert/strict";
import { LiteralScanner, Occurrences } from "../../src/shield/literal_scanner.ts";

function found(scanner: LiteralScanner, text: string, size: number): Set<number> {
  const ids: number[] = [];
  scanner.scan(text, new Int32Array(size), 1, ids);
  return new Set(ids);
}

Deno.test("literal scanner reports every literal contained in the text", () => {
  const literals = [
    "rm",
    "curl",
    "/etc/shadow",
    ".ssh/id_rsa",
    "base64",
    "нет",
    "règles",
    "a",
    "sk-",
    "1.2.3.4",
  ];
  const scanner = new LiteralScanner(literals, literals.map((_literal, index) => index));
  const alphabet = "rmcul/etshadow.id_sab64нетègl-1234 ";
  for (let i = 0; i < 5_000; i++) {
    let text = "";
    for (let k = 0; k < (i % 40); k++) text += alphabet[(i * 13 + k * 7 + ((i >> 2) * k)) % alphabet.length];
    text += i % 3 === 0 ? literals[i % literals.length] : "";
    const ids = found(scanner, text, literals.length);
    literals.forEach((literal, id) => {
      if (text.includes(literal)) assert.ok(ids.has(id), `missed ${literal} in ${JSON.stringify(text)}`);
    });
  }
});

Deno.test("literal scanner reports each id once and shares ids between literals", () => {
  const scanner = new LiteralScanner(["curl", "wget", "nc"], [0, 0, 1]);
  const ids: number[] = [];
  scanner.scan("curl x | wget y; nc z; nc", new Int32Array(2), 7, ids);
  assert.deepEqual(ids.sort(), [0, 1]);
  assert.deepEqual([...found(scanner, "hello world", 2)], []);
});

/** Every end of `literal` in `text` (letters only: no shared symbols, so the automaton's answer is exact). */
function endsOf(text: string, literal: string): number[] {
  const ends: number[] = [];
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) {
    ends.push(at + literal.length - 1);
  }
  return ends;
}

Deno.test("literal scanner records every occurrence of placed ids only, also in states shared with others", () => {
  // "curl" ends in the states of "url" and "rl" too; only "url" (id 1) and "cu" (id 3) are placed.
  const literals = ["curl", "url", "rl", "cu", "wget"];
  const scanner = new LiteralScanner(literals, [0, 1, 2, 3, 4], [0, 1, 0, 1, 0]);
  const filler = "abcdefghijklmnopqrstuvwxyz".repeat(40_000);
  const text = `curl${filler.slice(0, 300)}url x curl${filler}curlcu`;
  const ids: number[] = [];
  const occurrences = new Occurrences();
  scanner.scan(text, new Int32Array(5), 1, ids, occurrences);
  // Ids in the order their first occurrence ends ("cu" before "curl", "url" and "rl"; "wget" never).
  assert.deepEqual(ids, [3, 0, 1, 2]);
  const pairs = [...occurrences.data.slice(0, occurrences.count)];
  const recorded = (id: number) =>
    pairs.flatMap((value, k) => k % 2 === 0 && value === id ? [pairs[k + 1]] : []);
  assert.deepEqual(recorded(1), endsOf(text, "url"));
  assert.deepEqual(recorded(3), endsOf(text, "cu"));
  assert.equal(recorded(1).at(-1), text.length - 3); // the last "curl", a megabyte on
  assert.deepEqual(recorded(0), []);
  assert.deepEqual(recorded(2), []);
  // Without an occurrence buffer the same ids are found, in the same order.
  const again: number[] = [];
  scanner.scan(text, new Int32Array(5), 1, again);
  assert.deepEqual(again, ids);
});

Deno.test("two-character literals read off symbol pairs are reported as the automaton reported them, in order", () => {
  // Pairs alone ("on", "in"), pairs ending longer literals ("tion", "nation"), a placed pair ("at"), a pair sharing
  // its id with a longer literal ("io" and "radio": id 7), look-alikes under the shared symbols ('"*' and "'!").
  const literals = ["on", "in", "tion", "nation", "at", "io", "radio", '"*', "'!", "ns", "n ", "ww", "rm -"];
  const ids = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13];
  ids[6] = 5;
  const placed = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const paired = new LiteralScanner(literals, ids, placed);
  const whole = new LiteralScanner(literals, ids, placed, false);
  const pieces = [
    "on",
    "in",
    "tion",
    "nation",
    "at",
    "io",
    "radio",
    '"*',
    "{}",
    "'!",
    "n",
    "s",
    " ",
    "w",
    "rm -",
    "x",
  ];
  for (let i = 0; i < 4_000; i++) {
    let text = "";
    for (let k = 0; k < (i % 60); k++) text += pieces[(i * 7 + k * 13 + ((i >> 3) * k)) % pieces.length];
    if (i % 50 === 0) text = "q".repeat(1 << 16) + text; // the pairs only at the end of a long text
    const [a, b] = [[], []] as number[][];
    const [first, second] = [new Occurrences(), new Occurrences()];
    paired.scan(text, new Int32Array(14), 3, a, first);
    whole.scan(text, new Int32Array(14), 3, b, second);
    assert.deepEqual(a, b, `order differs in ${JSON.stringify(text.slice(-80))}`);
    assert.deepEqual(first.data.slice(0, first.count), second.data.slice(0, second.count));
  }
});

Deno.test("a scan without occurrences finds the ids a recording scan finds, in its order, over the corpus's texts", async () => {
  // Speed round 27: the two run separate loops. The rules' own literals, over every string of every case set's
  // payloads, whole and cut at 100 characters (where a short text's scan starts over), lower-cased as scanned.
  const { HEURISTIC_RULES } = await import("../../src/shield/rules/index.ts");
  const { requiredLiteralBranches } = await import("../../src/shield/regex_literals.ts");
  const literals = [
    ...new Set(
      HEURISTIC_RULES.flatMap((rule) => (requiredLiteralBranches(rule.pattern) ?? []).flat(2))
        .filter((literal) => literal.length > 1),
    ),
  ];
  const placed = literals.map((_literal, id) => id % 3 === 0 ? 1 : 0);
  const scanner = new LiteralScanner(literals, literals.map((_literal, id) => id), placed);
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") strings.push(value.toLowerCase(), value.slice(0, 100).toLowerCase());
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  const folder = new URL("./cases/", import.meta.url);
  for (const sub of ["", "dev/"]) {
    for await (const entry of Deno.readDir(new URL(sub, folder))) {
      if (!entry.name.endsWith(".jsonl")) continue;
      const lines = (await Deno.readTextFile(new URL(sub + entry.name, folder))).split("\n");
      for (const line of lines) if (line.trim()) collect(JSON.parse(line).payload);
    }
  }
  assert.ok(strings.length > 5_000);
  let stamp = 0;
  const [plainMarks, placedMarks] = [new Int32Array(literals.length), new Int32Array(literals.length)];
  for (const text of strings) {
    const [plain, recorded] = [[], []] as number[][];
    scanner.scan(text, plainMarks, ++stamp, plain);
    scanner.scan(text, placedMarks, stamp, recorded, new Occurrences());
    assert.deepEqual(plain, recorded, `ids differ in ${JSON.stringify(text.slice(0, 80))}`);
  }
});
