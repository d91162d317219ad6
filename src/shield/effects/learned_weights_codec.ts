/** How the learned model's weights are written in `data/learned_weights.ts`: base64 of the weights that are not 0,
 * each as the number of zeros before it (LEB128) and its value (one signed byte). Eight in nine weights are 0, so
 * this is about a quarter of the 65,536 bytes written out, and V8 holds the module's source and its string
 * literal from Shield's load on: 88 KB each written out, 23 KB so. A text of exactly `dimensions` bytes is read as
 * the weights written out (what the trainer wrote before). */

export function encodeWeights(weights: Int8Array): string {
  const bytes: number[] = [];
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] === 0) continue;
    let gap = i - last - 1;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap, weights[i] & 0xff);
    last = i;
  }
  const dense = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  return (bytes.length < weights.length ? Uint8Array.from(bytes) : dense).toBase64();
}

export function decodeWeights(text: string, dimensions: number): Int8Array {
  const bytes = Uint8Array.fromBase64(text);
  if (bytes.length === dimensions) return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const weights = new Int8Array(dimensions);
  let index = -1;
  for (let at = 0; at < bytes.length;) {
    let gap = 0;
    for (let shift = 0;; shift += 7) {
      const byte = bytes[at++];
      gap |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    index += gap + 1;
    if (index >= dimensions || at >= bytes.length) {
      throw new Error(`learned weights: a weight past the ${dimensions} the features have`);
    }
    weights[index] = (bytes[at++] << 24) >> 24;
  }
  return weights;
}
