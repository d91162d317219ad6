/** The engine's sources stay in Latin-1, so V8 keeps each module's source one byte per character
 * (scripts/latin1_sources.ts), and the rewrite that keeps them so changes no value. */
import { assert, assertEquals } from "../support/assert.ts";
import { latin1Source, wideChars, wideSources } from "../../scripts/latin1_sources.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("every module of main.ts and src/ is Latin-1 (a character above U+00FF doubles its source in V8's heap)", () => {
  assertEquals(
    wideSources(ROOT),
    [],
    "run deno run -A scripts/latin1_sources.ts to spell these characters in Latin-1",
  );
});

/** A module using every place a wide character can stand. */
const SAMPLE = [
  "// A comment \u2014 with a dash\u2026 and an arrow \u2192 and \u4E0D",
  "/** Block \u201Cquoted\u201D \u2018text\u2019 */",
  'export const single = "a\u2026b \uD83D\uDEE1\uFE0F";',
  "export const quoted = 'it\u2019s';",
  "export const template = `x ${single} \u2014 y`;",
  "export const raw = String.raw`\\b(?:send|\u53D1\u9001)\\s+${single}|\u8F6C\u53D1`;",
  "export const rawClass = new RegExp(String.raw`l['\u2019]x`, 'i');",
  "export const regex = /[$\u20AC\u00A3]\\s?\\d|\u0438\u0433\u043D\u043E\u0440/i;",
  "export const unicode = /[\\p{L}'\u2019]+/u;",
  "export const sum = 4 / 2 / 1; // division, then \u2026",
  'export const map = { "\u5FFD\u7565": "ignore" };',
].join("\n");

Deno.test("latin1Source: comments in plain ASCII, literals as escapes, String.raw as substitutions; values kept", async () => {
  const contexts = wideChars(SAMPLE).map((found) => found.context);
  assert(contexts.includes("comment") && contexts.includes("literal") && contexts.includes("raw"));
  const rewritten = latin1Source(SAMPLE);
  assertEquals([...rewritten].filter((char) => char.codePointAt(0)! > 0xff), []);
  assert(rewritten.includes("// A comment -- with a dash... and an arrow -> and \\u4E0D"), rewritten);
  assert(rewritten.includes("/** Block \"quoted\" 'text' */"), rewritten);
  assert(rewritten.includes('${"\\u53D1\\u9001"}'), rewritten);
  const load = (text: string) =>
    import(`data:text/javascript;base64,${new TextEncoder().encode(text).toBase64()}`);
  const [before, after] = [await load(SAMPLE), await load(rewritten)];
  for (const name of ["single", "quoted", "template", "raw", "sum"]) {
    assertEquals(after[name], before[name], name);
  }
  assertEquals(after.map, before.map);
  const texts = [
    "pay \u20AC5",
    "\u0438\u0433\u043D\u043E\u0440",
    "L\u2019X",
    "l'x",
    "send \u53D1\u9001",
    "it\u2019s",
    "$ 3",
  ];
  for (const name of ["rawClass", "regex", "unicode"]) {
    for (const text of texts) {
      assertEquals(after[name].test(text), before[name].test(text), `${name} on ${text}`);
    }
  }
});

Deno.test("latin1Source: a character above U+00FF outside any literal or comment is refused, not rewritten", () => {
  let message = "";
  try {
    latin1Source("const caf\u00E9 = 1; const \u03C0 = 3;");
  } catch (error) {
    message = String(error);
  }
  assert(message.includes("in code"), message);
});
