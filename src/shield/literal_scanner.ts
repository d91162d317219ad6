/** Aho-Corasick automaton over many literals: one linear pass over a text reports every literal it contains,
 * whatever their number, so rule prefilters cost one scan per text instead of one search per rule. */

/** Alphabet symbol 0 stands for every character no literal uses. */
const OTHER = 0;

export class LiteralScanner {
  private readonly symbols = new Uint8Array(65536);
  private readonly alphabet: number;
  private readonly delta: Int32Array;
  /** Per state: where its literal ids start in `outputIds` (ids of state s: outputStart[s]..outputStart[s+1]). */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;

  /** `literals[i]` is reported as `ids[i]`; several literals may share an id. */
  constructor(literals: readonly string[], ids: readonly number[]) {
    let alphabet = 1;
    for (const literal of literals) {
      for (let k = 0; k < literal.length; k++) {
        const code = literal.charCodeAt(k);
        if (this.symbols[code] === OTHER) this.symbols[code] = alphabet++;
        if (alphabet > 255) throw new Error(`Too many distinct characters in literals: more than 254`);
      }
    }
    this.alphabet = alphabet;
    const trie: Array<Map<number, number>> = [new Map()];
    const ends: Array<Set<number>> = [new Set()];
    literals.forEach((literal, index) => {
      let state = 0;
      for (let k = 0; k < literal.length; k++) {
        const symbol = this.symbols[literal.charCodeAt(k)];
        let next = trie[state].get(symbol);
        if (next === undefined) {
          next = trie.length;
          trie.push(new Map());
          ends.push(new Set());
          trie[state].set(symbol, next);
        }
        state = next;
      }
      ends[state].add(ids[index]);
    });
    this.delta = new Int32Array(trie.length * alphabet);
    this.link(trie, ends);
    this.outputStart = new Int32Array(trie.length + 1);
    const flat: number[] = [];
    for (let state = 0; state < trie.length; state++) {
      this.outputStart[state] = flat.length;
      flat.push(...ends[state]);
    }
    this.outputStart[trie.length] = flat.length;
    this.outputIds = Int32Array.from(flat);
  }

  /** Breadth-first: failure links folded into a full transition table, outputs merged along them. */
  private link(trie: Array<Map<number, number>>, ends: Array<Set<number>>): void {
    const fail = new Int32Array(trie.length);
    const queue: number[] = [];
    for (const [symbol, next] of trie[0]) {
      this.delta[symbol] = next;
      queue.push(next);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const id of ends[fail[state]]) ends[state].add(id);
      const row = state * this.alphabet;
      const failRow = fail[state] * this.alphabet;
      for (let symbol = 0; symbol < this.alphabet; symbol++) {
        const next = trie[state].get(symbol);
        if (next === undefined) {
          this.delta[row + symbol] = this.delta[failRow + symbol];
        } else {
          fail[next] = this.delta[failRow + symbol];
          this.delta[row + symbol] = next;
          queue.push(next);
        }
      }
    }
  }

  /** Appends to `found` each literal id occurring in `text`, once: `marks[id] === stamp` records it. */
  scan(text: string, marks: Int32Array, stamp: number, found: number[]): void {
    const { symbols, delta, outputStart, outputIds, alphabet } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = delta[state * alphabet + symbols[text.charCodeAt(i)]];
      const end = outputStart[state + 1];
      for (let k = outputStart[state]; k < end; k++) {
        const id = outputIds[k];
        if (marks[id] !== stamp) {
          marks[id] = stamp;
          found.push(id);
        }
      }
    }
  }
}
