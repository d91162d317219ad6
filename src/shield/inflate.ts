/** A small, bounded DEFLATE decoder (RFC 1951) for zlib (RFC 1950) and gzip (RFC 1952) streams, so a payload
 * compressed then base64-encoded (`exec(zlib.decompress(b64decode(...)))`) is judged as what it decompresses to.
 * Synchronous and dependency-free; returns undefined for anything malformed or past the output limit. */

const LENGTH_BASE = [
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  13,
  15,
  17,
  19,
  23,
  27,
  31,
  35,
  43,
  51,
  59,
  67,
  83,
  99,
  115,
  131,
  163,
  195,
  227,
  258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1,
  2,
  3,
  4,
  5,
  7,
  9,
  13,
  17,
  25,
  33,
  49,
  65,
  97,
  129,
  193,
  257,
  385,
  513,
  769,
  1025,
  1537,
  2049,
  3073,
  4097,
  6145,
  8193,
  12289,
  16385,
  24577,
];
const DISTANCE_EXTRA = [
  0,
  0,
  0,
  0,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  4,
  5,
  5,
  6,
  6,
  7,
  7,
  8,
  8,
  9,
  9,
  10,
  10,
  11,
  11,
  12,
  12,
  13,
  13,
];
const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class Malformed extends Error {}

interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

function huffman(lengths: ArrayLike<number>): Huffman {
  const counts = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++) counts[lengths[i]]++;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  for (let i = 1; i < 16; i++) offsets[i] = offsets[i - 1] + counts[i - 1];
  const symbols = new Uint16Array(lengths.length);
  for (let i = 0; i < lengths.length; i++) if (lengths[i] !== 0) symbols[offsets[lengths[i]]++] = i;
  return { counts, symbols };
}

class BitReader {
  private bit = 0;
  private byte: number;

  constructor(private readonly data: Uint8Array, start: number) {
    this.byte = start;
  }

  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      if (this.byte >= this.data.length) throw new Malformed();
      value |= ((this.data[this.byte] >> this.bit) & 1) << i;
      if (++this.bit === 8) [this.bit, this.byte] = [0, this.byte + 1];
    }
    return value;
  }

  symbol(table: Huffman): number {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let length = 1; length < 16; length++) {
      code |= this.bits(1);
      const count = table.counts[length];
      if (code - first < count) return table.symbols[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Malformed();
  }

  /** Skips to the next byte boundary and returns its index. */
  align(): number {
    if (this.bit !== 0) [this.bit, this.byte] = [0, this.byte + 1];
    return this.byte;
  }

  seek(byte: number): void {
    this.byte = byte;
  }
}

const FIXED = (() => {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  return { literals: huffman(lengths), distances: huffman(new Uint8Array(30).fill(5)) };
})();

function dynamicTables(reader: BitReader): { literals: Huffman; distances: Huffman } {
  const literalCount = reader.bits(5) + 257;
  const distanceCount = reader.bits(5) + 1;
  const codeCount = reader.bits(4) + 4;
  const codeLengths = new Uint8Array(19);
  for (let i = 0; i < codeCount; i++) codeLengths[CODE_ORDER[i]] = reader.bits(3);
  const codes = huffman(codeLengths);
  const lengths = new Uint8Array(literalCount + distanceCount);
  for (let i = 0; i < lengths.length;) {
    const symbol = reader.symbol(codes);
    if (symbol < 16) lengths[i++] = symbol;
    else {
      const [repeat, value] = symbol === 16
        ? [3 + reader.bits(2), i > 0 ? lengths[i - 1] : -1]
        : symbol === 17
        ? [3 + reader.bits(3), 0]
        : [11 + reader.bits(7), 0];
      if (value < 0 || i + repeat > lengths.length) throw new Malformed();
      lengths.fill(value, i, i + repeat);
      i += repeat;
    }
  }
  return {
    literals: huffman(lengths.subarray(0, literalCount)),
    distances: huffman(lengths.subarray(literalCount)),
  };
}

function inflateRaw(data: Uint8Array, start: number, limit: number): Uint8Array {
  const out = new Uint8Array(limit);
  let size = 0;
  const reader = new BitReader(data, start);
  let last = 0;
  while (!last) {
    last = reader.bits(1);
    const type = reader.bits(2);
    if (type === 0) {
      const at = reader.align();
      if (at + 4 > data.length) throw new Malformed();
      const length = data[at] | (data[at + 1] << 8);
      if (size + length > limit || at + 4 + length > data.length) throw new Malformed();
      out.set(data.subarray(at + 4, at + 4 + length), size);
      size += length;
      reader.seek(at + 4 + length);
      continue;
    }
    if (type === 3) throw new Malformed();
    const { literals, distances } = type === 1 ? FIXED : dynamicTables(reader);
    for (;;) {
      const symbol = reader.symbol(literals);
      if (symbol === 256) break;
      if (symbol < 256) {
        if (size >= limit) throw new Malformed();
        out[size++] = symbol;
        continue;
      }
      const code = symbol - 257;
      if (code >= 29) throw new Malformed();
      const length = LENGTH_BASE[code] + reader.bits(LENGTH_EXTRA[code]);
      const distanceCode = reader.symbol(distances);
      if (distanceCode >= 30) throw new Malformed();
      const distance = DISTANCE_BASE[distanceCode] + reader.bits(DISTANCE_EXTRA[distanceCode]);
      if (distance > size || size + length > limit) throw new Malformed();
      for (let i = 0; i < length; i++, size++) out[size] = out[size - distance];
    }
  }
  return out.subarray(0, size);
}

/** The decompressed bytes of a zlib or gzip stream, or undefined (not one, malformed, or over `limit`). */
export function inflate(data: Uint8Array, limit = 256 * 1024): Uint8Array | undefined {
  try {
    if (data.length > 2 && data[0] === 0x1f && data[1] === 0x8b && data[2] === 8) {
      const flags = data[3];
      let at = 10;
      if (flags & 4) at += 2 + (data[at] | (data[at + 1] << 8));
      if (flags & 8) { while (at < data.length && data[at++] !== 0); }
      if (flags & 16) { while (at < data.length && data[at++] !== 0); }
      if (flags & 2) at += 2;
      return inflateRaw(data, at, limit);
    }
    if (data.length > 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0) {
      return inflateRaw(data, 2, limit);
    }
  } catch {
    return undefined;
  }
  return undefined;
}
