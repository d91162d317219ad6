import assert from "node:assert/strict";
import { canonicalJson } from "../../src/lib/canonical_json.ts";

Deno.test("canonicalJson sorts keys at every depth and has no whitespace", () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: [3, { y: 1, x: 2 }], c: "s" } }),
    '{"a":{"c":"s","d":[3,{"x":2,"y":1}]},"b":1}',
  );
});

Deno.test("canonicalJson drops undefined members like JSON.stringify and nulls them in arrays", () => {
  assert.equal(canonicalJson({ a: undefined, b: [undefined] }), '{"b":[null]}');
});

Deno.test("canonicalJson refuses values JSON cannot carry", () => {
  assert.throws(() => canonicalJson({ a: NaN }), /not finite/);
  assert.throws(() => canonicalJson({ a: 1n }), /bigint/);
});
