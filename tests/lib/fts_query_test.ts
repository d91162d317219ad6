import assert from "node:assert/strict";
import { ValidationError } from "../../src/lib/errors.ts";
import { buildFtsQuery, ftsExpression } from "../../src/lib/fts_query.ts";
import { memoryFixture } from "../memory/_memory_fixture.ts";

const notes = `# Memory

## Travel

Flight to Zürich on Friday; café near the station. Ticket a:b-42 "quoted" NEAR the gate.

## Tools

The AND gate and OR gate are logic; NOT a bug. Prefix* searches work.
`;

Deno.test("buildFtsQuery quotes every term and marks a trailing word for prefix search", () => {
  assert.deepEqual(buildFtsQuery("deno eng"), { terms: ['"deno"', '"eng"'], prefixLast: true });
  assert.deepEqual(buildFtsQuery('say "hi"'), { terms: ['"say"', '"""hi"""'], prefixLast: false });
  assert.deepEqual(buildFtsQuery("a:b"), { terms: ['"a:b"'], prefixLast: false });
  assert.deepEqual(buildFtsQuery("a\0b"), { terms: ['"a"', '"b"'], prefixLast: true });
  assert.equal(buildFtsQuery('* " - ( )'), null);
});

Deno.test("ftsExpression joins terms for all or any, with the prefix on the last word only", () => {
  const query = buildFtsQuery("deno eng")!;
  assert.equal(ftsExpression(query, "all", true), '"deno" "eng"*');
  assert.equal(ftsExpression(query, "any", true), '"deno" OR "eng"*');
  assert.equal(ftsExpression(query, "all", false), '"deno" "eng"');
  assert.equal(ftsExpression(buildFtsQuery("eng deno!")!, "all", true), '"eng" "deno!"');
});

Deno.test("memory search rejects an empty or whitespace-only query", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  for (const query of ["", "   ", "\n\t "]) {
    await assert.rejects(() => fixture.memory.search(query), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.equal(error.message, 'Query "q" must not be empty');
      return true;
    });
  }
});

Deno.test("memory search treats FTS5 syntax in user text as plain words", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const hostile = [
    '"',
    '""',
    "*",
    "**",
    "AND OR NOT",
    "AND",
    "NEAR(",
    "NEAR(a b",
    "a:b",
    "-x",
    "^start",
    "(",
    ")",
    "{a b}",
    "section:travel",
    "content:",
    "col:*",
    "a OR",
    "OR b",
    "NOT",
    "+",
    "'",
    "\\",
    "%",
    "_",
    "\0",
    "😀",
    "Zürich",
    "日本語",
    "\u202e",
    'a"b',
    '"unterminated',
    "x*y",
    "*prefix",
    "a - b",
    "a AND (b OR",
    "NEAR(a, 5)",
    "a + b",
    "gate\0",
    'a\0"b',
    "\ud800gate",
    "gate\udfff*",
    "x".repeat(5000),
  ];
  for (const query of hostile) {
    const results = await fixture.memory.search(query);
    assert.ok(Array.isArray(results) && results.length <= 10, JSON.stringify(query));
  }
});

Deno.test("memory search finds words that look like FTS5 operators", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  assert.equal((await fixture.memory.search("AND OR NOT"))[0]?.section, "Tools");
  assert.equal((await fixture.memory.search("a:b"))[0]?.section, "Travel");
  assert.equal((await fixture.memory.search("NEAR("))[0]?.section, "Travel");
  assert.equal((await fixture.memory.search("zurich"))[0]?.section, "Travel");
  assert.deepEqual(await fixture.memory.search("*"), []);
});

Deno.test("memory search never throws on random strings", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const alphabet = [..."abcXYZ019 \"'*:^-+()[]{},.;!?&|\\/%_#@\u00e9\u00fc\u4e2d\u{1F600}\n\t\0", "\ud800"];
  let seed = 12345;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let round = 0; round < 500; round++) {
    const length = 1 + Math.floor(random() * 20);
    const query = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    if (query.trim() === "") continue;
    const results = await fixture.memory.search(query);
    assert.ok(results.length <= 10, JSON.stringify(query));
  }
  const longQuery = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ");
  assert.deepEqual(await fixture.memory.search(longQuery), []);
});
