/** The learned model's weights written sparse (effects/learned_weights_codec.ts): read back the same, the old
 * written-out form still read, and the shipped module a quarter of its former size. */
import { assert, assertEquals, assertThrows } from "../support/assert.ts";
import { decodeWeights, encodeWeights } from "../../src/shield/effects/learned_weights_codec.ts";
import { MODEL_DIMENSIONS } from "../../src/shield/effects/learned_features.ts";
import { seededRandom } from "../../src/lib/seeded_random.ts";

Deno.test("learned weights: sparse weights (gaps past 127, negative values, the last index) read back the same", () => {
  const random = seededRandom(7);
  const weights = new Int8Array(MODEL_DIMENSIONS);
  for (let i = 0; i < 5000; i++) {
    weights[Math.floor(random() * MODEL_DIMENSIONS)] = Math.floor(random() * 256) - 128;
  }
  weights[0] = -128;
  weights[MODEL_DIMENSIONS - 1] = 127;
  weights.fill(0, 1000, 40_000);
  const text = encodeWeights(weights);
  assert(Uint8Array.fromBase64(text).length < MODEL_DIMENSIONS / 4);
  assertEquals([...decodeWeights(text, MODEL_DIMENSIONS)], [...weights]);
  assertEquals(
    [...decodeWeights(encodeWeights(new Int8Array(MODEL_DIMENSIONS)), MODEL_DIMENSIONS)].some(Boolean),
    false,
  );
});

Deno.test("learned weights: dense weights are written out, and the written-out form is still read", () => {
  const weights = Int8Array.from({ length: MODEL_DIMENSIONS }, (_, i) => (i % 200) - 100 || 1);
  const text = encodeWeights(weights);
  assertEquals(Uint8Array.fromBase64(text).length, MODEL_DIMENSIONS);
  assertEquals([...decodeWeights(text, MODEL_DIMENSIONS)], [...weights]);
});

Deno.test("learned weights: a weight past the features' dimensions is refused", () => {
  const weights = new Int8Array(MODEL_DIMENSIONS + 10);
  weights[MODEL_DIMENSIONS + 5] = 3;
  assertThrows(() => decodeWeights(encodeWeights(weights), MODEL_DIMENSIONS), Error, "past the");
});

Deno.test("learned weights: the shipped module is small (V8 holds its source and its literal from Shield's load)", () => {
  const size =
    Deno.statSync(new URL("../../src/shield/effects/data/learned_weights.ts", import.meta.url)).size;
  assert(size < 32_000, `learned_weights.ts is ${size} bytes (88 KB written out)`);
});
