/** A few texts of one evaluation and their scans, found by comparing, not hashing: a map hashes every character of
 * a new string on its first look-up (the strings Shield asks about are mostly new: slices, joins, lower-cased
 * copies), a comparison with the kept texts of the same length stops at the first difference. When full, the
 * oldest entry is replaced. */
export class KeptTexts<T> {
  private readonly texts: string[] = [];
  private readonly values: Array<T | undefined> = [];
  private count = 0;
  private next = 0;

  constructor(private readonly capacity: number) {}

  /** The value kept for a text equal to `text`. */
  get(text: string): T | undefined {
    const at = this.indexOf(text);
    return at < 0 ? undefined : this.values[at];
  }

  /** Keeps `value` for `text`, replacing the value of an equal text when `replace` (it is then looked for). */
  set(text: string, value: T, replace: boolean): void {
    const found = replace ? this.indexOf(text) : -1;
    if (found >= 0) {
      this.values[found] = value;
      return;
    }
    const at = this.count < this.capacity ? this.count++ : this.next++ % this.capacity;
    this.texts[at] = text;
    this.values[at] = value;
  }

  /** Drops every entry (and its references). */
  clear(): void {
    for (let k = 0; k < this.count; k++) {
      this.texts[k] = "";
      this.values[k] = undefined;
    }
    this.count = this.next = 0;
  }

  private indexOf(text: string): number {
    const texts = this.texts;
    const length = text.length;
    for (let k = 0; k < this.count; k++) {
      if (texts[k].length === length && texts[k] === text) return k;
    }
    return -1;
  }
}
