/** A long list of short names held as one string with an index, instead of one string and one set entry per
 * name: the 18,000 popular npm and PyPI names took about 1.7 MB of V8 heap as Sets, Maps and arrays of strings
 * (docs/cli.md, "After real use"). The string is the list's own text when it is already one name per separator,
 * so the list is not held twice. Lookups are a binary search over the names' sorted order, comparing characters in
 * place; iteration gives each distinct name once, in the list's order, as a Set built from the list would. */

/** What the lookalike checks need of a list of names: membership and iteration (a Set has both). */
export interface NameSet {
  has(name: string): boolean;
  [Symbol.iterator](): Iterator<string>;
}

/** A list's text as this class reads it: a separator, then each name followed by one separator. */
const PACKED = /^\s(?:\S+\s)*$/;

export class PackedNames implements NameSet {
  /** The names of the text part, each between two separators (a space or a newline). */
  readonly text: string;
  /** Where name i of the text starts; starts[i + 1] - 1 is where it ends. */
  private readonly starts: Int32Array;
  /** Names after the text's (a short list added to a long one), numbered after them. */
  private readonly extra: readonly string[];
  /** Every name's index in sorted order (equal names by index, so a search finds the first of them). */
  private readonly sorted: Int32Array;

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
    const starts = [...text.matchAll(/\S+/g)].map((match) => match.index);
    starts.push(text.length);
    this.starts = Int32Array.from(starts);
    const order = Array.from({ length: this.length }, (_, i) => i);
    const names = order.map((i) => this.name(i));
    order.sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b));
    this.sorted = Int32Array.from(order);
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
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.sorted[middle], name) < 0) low = middle + 1;
      else high = middle;
    }
    const found = this.sorted[low];
    return low < this.sorted.length && this.compare(found, name) === 0 ? found : -1;
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

  /** Name i against `name`, in code unit order as `<` compares strings. */
  private compare(i: number, name: string): number {
    if (i >= this.starts.length - 1) {
      const other = this.extra[i - this.starts.length + 1];
      return other < name ? -1 : other > name ? 1 : 0;
    }
    const start = this.starts[i];
    const length = this.starts[i + 1] - 1 - start;
    const shared = Math.min(length, name.length);
    for (let k = 0; k < shared; k++) {
      const difference = this.text.charCodeAt(start + k) - name.charCodeAt(k);
      if (difference !== 0) return difference;
    }
    return length - name.length;
  }
}
