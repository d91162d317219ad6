/** A view's memo of a function of text (a command's parse, a path's normal form): most views ask for one to four
 * texts, so the first few are kept in a list compared by value (no hashing of new strings, no map per view) and the
 * rest in a map. */

const LISTED = 8;

export class TextMemo<T> {
  private readonly keys: string[] = [];
  private readonly values: T[] = [];
  private more?: Map<string, T>;

  constructor(private readonly make: (text: string) => T) {}

  get(text: string): T {
    const keys = this.keys;
    for (let k = 0; k < keys.length; k++) if (keys[k] === text) return this.values[k];
    let value = this.more?.get(text);
    if (value !== undefined) return value;
    value = this.make(text);
    if (keys.length < LISTED) {
      keys.push(text);
      this.values.push(value);
    } else (this.more ??= new Map()).set(text, value);
    return value;
  }
}
