/** A long list of short names held as one string with an index, instead of one string and one set entry per
 * name: the 18,000 popular npm and PyPI names took about 1.7 MB of V8 heap as Sets, Maps and arrays of strings
 * (docs/cli.md, "After real use"). The string is the list's own text when it is already one name per separator,
 * so the list is not held twice. Lookups hash the name and compare characters in place (an open-addressing table of
 * indices); iteration gives each distinct name once, in the list's order, as a Set built from the list would. */

/** What the lookalike checks need of a list of names: membership and iteration (a Set has both). */
export interface NameSet {
  has(name: string): boolean;
  [Symbol.iterator](): Iterator<string>;
}

/** A list's text as this class reads it: a separator (a space or a newline), then each name followed by one. */
const PACKED = /^[ \n](?:[^\s]+[ \n])*$/;

export class PackedNames implements NameSet {
  /** The names of the text part, each between two separators (a space or a newline). */
  readonly text: string;
  /** Where name i of the text starts; starts[i + 1] - 1 is where it ends. */
  private readonly starts: Int32Array;
  /** Names after the text's (a short list added to a long one), numbered after them. */
  private readonly extra: readonly string[];
  /** Open addressing, linear probing: 1 + the index of each distinct name's first occurrence, 0 where empty. */
  private readonly slots: Int32Array;

  /** `text` holds the names as PACKED reads them, or is undefined when it does not (then read them yourself). */
  static fromText(text: string, extra: readonly string[] = []): PackedNames | undefined {
    return PACKED.test(text) ? new PackedNames(text, extra) : undefined;
  }

  static of(names: readonly string[], extra: readonly string[] = []): PackedNames {
    // join makes one flat string: the names are slices of it, and nothing else keeps their source alive.
    return new PackedNames(["", ...names, ""].join("\n"), extra);
  }

  private constructor(text: string, extra: readonly string[]) {
    this.text = text;
    this.extra = extra;
    // PACKED holds: each name is followed by one separator, so the next starts one past its end.
    const starts: number[] = [];
    for (let at = 1; at < text.length; at++) {
      starts.push(at);
      while (text.charCodeAt(at) !== 32 && text.charCodeAt(at) !== 10) at++;
    }
    starts.push(text.length);
    this.starts = Int32Array.from(starts);
    let size = 8;
    while (size < this.length * 1.5) size *= 2;
    this.slots = new Int32Array(size);
    for (let i = 0; i < this.length; i++) {
      const slot = i < starts.length - 1
        ? this.slotOf(text, starts[i], starts[i + 1] - 1)
        : this.slotOf(extra[i - starts.length + 1], 0, extra[i - starts.length + 1].length);
      if (this.slots[slot] === 0) this.slots[slot] = i + 1;
    }
  }

  /** How many names the list holds, the text's and the extra ones. */
  get length(): number {
    return this.starts.length - 1 + this.extra.length;
  }

  /** Where name i (one of the text's) starts in `text`. */
  startOf(i: number): number {
    return this.starts[i];
  }

  /** Where name i (one of the text's) ends in `text` (exclusive). */
  endOf(i: number): number {
    return this.starts[i + 1] - 1;
  }

  name(i: number): string {
    const inText = this.starts.length - 1;
    return i < inText ? this.text.slice(this.starts[i], this.starts[i + 1] - 1) : this.extra[i - inText];
  }

  /** The name's first index in the list, or -1. */
  indexOf(name: string): number {
    return this.slots[this.slotOf(name, 0, name.length)] - 1;
  }

  has(name: string): boolean {
    return this.indexOf(name) >= 0;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.length; i++) {
      const name = this.name(i);
      if (this.indexOf(name) === i) yield name;
    }
  }

  /** The slot holding the name `source` has from `start` to `end`, or the empty slot where it would go. */
  private slotOf(source: string, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let k = start; k < end; k++) hash = Math.imul(hash ^ source.charCodeAt(k), 0x01000193);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === 0 || this.equals(held - 1, source, start, end)) return slot;
    }
  }

  /** Whether name i is the one `source` has from `start` to `end`, read in place. */
  private equals(i: number, source: string, start: number, end: number): boolean {
    const inText = this.starts.length - 1;
    const own = i < inText ? this.text : this.extra[i - inText];
    const from = i < inText ? this.starts[i] : 0;
    const length = i < inText ? this.starts[i + 1] - 1 - from : own.length;
    if (length !== end - start) return false;
    for (let k = 0; k < length; k++) {
      if (own.charCodeAt(from + k) !== source.charCodeAt(start + k)) return false;
    }
    return true;
  }
}
