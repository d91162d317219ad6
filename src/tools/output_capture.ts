/** Keeps the head and tail of a byte stream within a fixed budget, counting what was dropped in between. */

export class OutputCapture {
  readonly #headLimit: number;
  readonly #tailLimit: number;
  #head: Uint8Array = new Uint8Array(0);
  #tail: Uint8Array[] = [];
  #tailBytes = 0;
  #total = 0;

  constructor(readonly limit: number) {
    this.#headLimit = Math.max(1, Math.floor(limit / 2));
    this.#tailLimit = Math.max(1, limit - this.#headLimit);
  }

  get totalBytes(): number {
    return this.#total;
  }

  append(chunk: Uint8Array): void {
    this.#total += chunk.length;
    if (this.#head.length < this.#headLimit) {
      const take = Math.min(chunk.length, this.#headLimit - this.#head.length);
      this.#head = concat([this.#head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    this.#tail.push(chunk.slice());
    this.#tailBytes += chunk.length;
    while (this.#tailBytes - this.#tail[0].length >= this.#tailLimit) {
      this.#tailBytes -= this.#tail.shift()!.length;
    }
  }

  /** The captured text; when more than `limit` bytes came in, head and tail around an omission marker. */
  text(): string {
    const decoder = new TextDecoder();
    const tail = concat(this.#tail);
    if (this.#total <= this.limit && this.#total === this.#head.length + tail.length) {
      return decoder.decode(concat([this.#head, tail]));
    }
    const keptTail = tail.subarray(Math.max(0, tail.length - this.#tailLimit));
    const omitted = this.#total - this.#head.length - keptTail.length;
    return `${decoder.decode(this.#head)}\n[... ${omitted} bytes omitted ...]\n${decoder.decode(keptTail)}`;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
