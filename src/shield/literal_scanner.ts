/** Aho-Corasick automaton over many literals: one linear pass over a text reports every literal it contains,
 * whatever their number, so rule prefilters cost one scan per text instead of one search per rule. */

/** Symbols: each lower-case letter and common punctuation on its own, every digit one symbol, every other
 * character one of two shared symbols. Sharing a symbol only adds false candidates (the regex decides), and
 * keeps the transition table small enough to stay in cache. */
const OWN_SYMBOLS = "abcdefghijklmnopqrstuvwxyz/.-_ :=$()@";
const SYMBOLS = new Uint8Array(65536).fill(OWN_SYMBOLS.length + 2);
for (let code = 0; code < 128; code++) SYMBOLS[code] = OWN_SYMBOLS.length + 1;
for (let k = 0; k < OWN_SYMBOLS.length; k++) SYMBOLS[OWN_SYMBOLS.charCodeAt(k)] = k;
for (let code = 0x30; code <= 0x39; code++) SYMBOLS[code] = OWN_SYMBOLS.length;
const ALPHABET = OWN_SYMBOLS.length + 3;

/** Literals longer than this are cut to their most distinctive window of this length (still required). */
const MAX_LITERAL = 6;
const COMMON = new Set([..."etaoinsrhl/. "]);

/** The window of `literal` with the fewest common characters (any substring of a required literal is required):
 * where it starts in the literal and how long it is. */
export function distinctiveWindow(literal: string): { start: number; length: number } {
  if (literal.length <= MAX_LITERAL) return { start: 0, length: literal.length };
  let best = 0;
  let bestScore = -1;
  for (let start = 0; start + MAX_LITERAL <= literal.length; start++) {
    let score = 0;
    for (let k = start; k < start + MAX_LITERAL; k++) score += COMMON.has(literal[k]) ? 0 : 1;
    if (score > bestScore) [best, bestScore] = [start, score];
  }
  return { start: best, length: MAX_LITERAL };
}

function distinctive(literal: string): string {
  const window = distinctiveWindow(literal);
  return literal.slice(window.start, window.start + window.length);
}

/** Pairs (literal id, index) a scan appends, in a buffer reused from one scan to the next (`count` reset). */
export class Occurrences {
  data = new Int32Array(256);
  count = 0;

  add(id: number, at: number): void {
    if (this.count + 2 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.count++] = id;
    this.data[this.count++] = at;
  }
}

export class LiteralScanner {
  private readonly symbols = SYMBOLS;
  private readonly alphabet = ALPHABET;
  /** Full transition table, row per state; 16-bit entries while the states fit, to stay cache-friendly. */
  private readonly delta: Uint16Array | Int32Array;
  /** Per state: where its literal ids start in `outputIds` (ids of state s: outputStart[s]..outputStart[s+1]). */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;
  /** States numbered from here on have outputs; those below have none. */
  private readonly firstOutput: number;

  /** Per id: 1 when scans that ask for occurrences record this id's. */
  private readonly placed: Uint8Array;
  /** Per state: its placed literal ids (those whose occurrences are recorded), `placedIds[placedStart[s]]` up to
   * `placedIds[placedStart[s + 1]]`; states without any have an empty range. */
  private readonly placedStart: Int32Array;
  private readonly placedIds: Int32Array;
  /** Per state: the number of the last scan that reported its outputs (a state's outputs are reported once per
   * scan; later visits only record occurrences of placed ids). */
  private readonly stateStamps: Int32Array;
  private scans = 0;
  /** Two-character literals read off symbol pairs instead of the automaton's states (see `separatePairs`). */
  private readonly pairs: SymbolPairs;

  /** `literals[i]` is reported as `ids[i]` (perhaps also when only a window of it occurs, or a look-alike
   * under the shared symbols); several literals may share an id. `placed[id]` 1: its occurrences are recorded. */
  constructor(
    literals: readonly string[],
    ids: readonly number[],
    placed: readonly number[] = [],
    separateShort = true,
  ) {
    this.placed = Uint8Array.from(placed);
    const alphabet = ALPHABET;
    const trie: Array<Map<number, number>> = [new Map()];
    const ends: Array<Set<number>> = [new Set()];
    const depth = [0];
    literals.forEach((full, index) => {
      const literal = distinctive(full);
      let state = 0;
      for (let k = 0; k < literal.length; k++) {
        const symbol = this.symbols[literal.charCodeAt(k)];
        let next = trie[state].get(symbol);
        if (next === undefined) {
          next = trie.length;
          trie.push(new Map());
          ends.push(new Set());
          depth.push(k + 1);
          trie[state].set(symbol, next);
        }
        state = next;
      }
      ends[state].add(ids[index]);
    });
    this.pairs = separatePairs(trie, ends, ids, this.placed, separateShort);
    const cells = trie.length * alphabet;
    const linked = new Int32Array(cells);
    this.link(trie, ends, linked);
    // Renumber so that every state with outputs comes last (one comparison tells the scan loop to look), and
    // shallow states, where scans spend most of their time, come first in each group (their rows share cache).
    const byDepth = (a: number, b: number) => depth[a] - depth[b] || a - b;
    const order = [0];
    const plain: number[] = [];
    const output: number[] = [];
    for (let state = 1; state < trie.length; state++) (ends[state].size === 0 ? plain : output).push(state);
    order.push(...plain.sort(byDepth));
    this.firstOutput = order.length;
    order.push(...output.sort(byDepth));
    const renamed = new Int32Array(trie.length);
    order.forEach((state, index) => renamed[state] = index);
    this.delta = trie.length <= 0xffff ? new Uint16Array(cells) : new Int32Array(cells);
    for (let state = 0; state < trie.length; state++) {
      const from = state * alphabet;
      const to = renamed[state] * alphabet;
      for (let symbol = 0; symbol < alphabet; symbol++) {
        this.delta[to + symbol] = renamed[linked[from + symbol]];
      }
    }
    this.outputStart = new Int32Array(trie.length + 1);
    const flat: number[] = [];
    order.forEach((state, index) => {
      this.outputStart[index] = flat.length;
      flat.push(...ends[state]);
    });
    this.outputStart[trie.length] = flat.length;
    this.outputIds = Int32Array.from(flat);
    this.placedStart = new Int32Array(trie.length + 1);
    const placedFlat: number[] = [];
    for (let state = 0; state < trie.length; state++) {
      this.placedStart[state] = placedFlat.length;
      for (let k = this.outputStart[state]; k < this.outputStart[state + 1]; k++) {
        if (this.placed[this.outputIds[k]] === 1) placedFlat.push(this.outputIds[k]);
      }
    }
    this.placedStart[trie.length] = placedFlat.length;
    this.placedIds = Int32Array.from(placedFlat);
    this.stateStamps = new Int32Array(trie.length);
  }

  /** Breadth-first: failure links folded into a full transition table, outputs merged along them. */
  private link(trie: Array<Map<number, number>>, ends: Array<Set<number>>, delta: Int32Array): void {
    const fail = new Int32Array(trie.length);
    const queue: number[] = [];
    for (const [symbol, next] of trie[0]) {
      delta[symbol] = next;
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
          delta[row + symbol] = delta[failRow + symbol];
        } else {
          fail[next] = delta[failRow + symbol];
          delta[row + symbol] = next;
          queue.push(next);
        }
      }
    }
  }

  /** Appends to `found` each literal id occurring in `text`, once (`marks[id] === stamp` records it), and to
   * `occurrences`, when given, every occurrence of a placed id as the pair (id, index of the last character of
   * its window). A character that ends no literal costs one table read; one that ends some costs a stamp check,
   * and the placed ids' occurrences when asked for (the ids are reported on the state's first visit only). */
  scan(text: string, marks: Int32Array, stamp: number, found: number[], occurrences?: Occurrences): void {
    if (this.scans === 0x7fffffff) {
      this.scans = 0;
      this.stateStamps.fill(0);
      resetPairs(this.pairs);
    }
    const scanned = ++this.scans;
    // Speed round 27: a scan that records no occurrences (every text under LONG_TEXT) runs a loop of its own,
    // without the recording's branch and buffer: the same ids in the same order, about twice as fast a character.
    if (occurrences === undefined) this.scanIds(text, marks, stamp, found, scanned);
    else this.scanPlaced(text, marks, stamp, found, scanned, occurrences);
  }

  /** `scan` without occurrences. */
  private scanIds(text: string, marks: Int32Array, stamp: number, found: number[], scanned: number): void {
    const { symbols, delta, outputStart, outputIds, alphabet, firstOutput, stateStamps } = this;
    const { stamps: pairStamps, start: pairStart, ids: pairIds } = this.pairs;
    let state = 0;
    /** The row of the pair table the next symbol completes (the first symbol completes none). */
    let pairRow = alphabet * alphabet;
    for (let i = 0; i < text.length; i++) {
      const symbol = symbols[text.charCodeAt(i)];
      state = delta[state * alphabet + symbol];
      const pair = pairRow + symbol;
      pairRow = symbol * alphabet;
      if (state >= firstOutput && stateStamps[state] !== scanned) {
        stateStamps[state] = scanned;
        report(outputIds, outputStart[state], outputStart[state + 1], marks, stamp, found);
      }
      // A pair's literals come last among those ending here, as the automaton listed them (after longer ones).
      if (pairStamps[pair] < scanned) {
        pairStamps[pair] = scanned;
        report(pairIds, pairStart[pair], pairStart[pair + 1], marks, stamp, found);
      }
    }
  }

  /** `scan` with occurrences: the ids as `scanIds` finds them, and every occurrence of a placed id. */
  private scanPlaced(
    text: string,
    marks: Int32Array,
    stamp: number,
    found: number[],
    scanned: number,
    occurrences: Occurrences,
  ): void {
    const { symbols, delta, outputStart, outputIds, alphabet, firstOutput, stateStamps } = this;
    const { placedStart, placedIds } = this;
    const { stamps: pairStamps, start: pairStart, ids: pairIds } = this.pairs;
    let data = occurrences.data;
    let count = occurrences.count;
    let state = 0;
    let pairRow = alphabet * alphabet;
    for (let i = 0; i < text.length; i++) {
      const symbol = symbols[text.charCodeAt(i)];
      state = delta[state * alphabet + symbol];
      const pair = pairRow + symbol;
      pairRow = symbol * alphabet;
      if (state >= firstOutput && stateStamps[state] !== scanned) {
        stateStamps[state] = scanned;
        report(outputIds, outputStart[state], outputStart[state + 1], marks, stamp, found);
      }
      if (pairStamps[pair] < scanned) {
        pairStamps[pair] = scanned;
        report(pairIds, pairStart[pair], pairStart[pair + 1], marks, stamp, found);
      }
      if (state < firstOutput) continue;
      const placedEnd = placedStart[state + 1];
      for (let k = placedStart[state]; k < placedEnd; k++) {
        if (count + 2 > data.length) {
          const grown = new Int32Array(data.length * 2);
          grown.set(data);
          data = grown;
        }
        data[count++] = placedIds[k];
        data[count++] = i;
      }
    }
    occurrences.data = data;
    occurrences.count = count;
  }
}

/** Appends to `found` each of `ids[from]` up to `ids[end]` not marked with `stamp` yet, and marks it. */
function report(
  ids: Int32Array,
  from: number,
  end: number,
  marks: Int32Array,
  stamp: number,
  found: number[],
): void {
  for (let k = from; k < end; k++) {
    const id = ids[k];
    if (marks[id] !== stamp) {
      marks[id] = stamp;
      found.push(id);
    }
  }
}

/** Literals of two symbols, read off the pair of symbols ending at each character: per pair, the last scan that
 * saw it (`stamps`; pairs without literals hold the largest stamp, so they never count as unseen) and its literal
 * ids (`ids[start[pair]]` up to `ids[start[pair + 1]]`). Rows are the first symbol, one more row for the start. */
interface SymbolPairs {
  stamps: Int32Array;
  start: Int32Array;
  ids: Int32Array;
}

const NEVER = 0x7fffffff;

/** Moves the two-symbol literals that are not placed and whose ids no other literal shares out of the automaton:
 * they are the commonest words' pairs ("on", "in", "at"), and as outputs they made a quarter of a text's characters
 * land on output states, each a branch the scan mispredicts. Read off symbol pairs they cost one table read and a
 * comparison that holds only at a pair's first occurrence. Their ids are reported where the automaton reported them:
 * at their first occurrence, after the longer literals ending there (a two-symbol state is last on any failure
 * chain). `ends` loses them; `separate` false keeps every literal in the automaton. */
function separatePairs(
  trie: Array<Map<number, number>>,
  ends: Array<Set<number>>,
  ids: readonly number[],
  placed: Uint8Array,
  separate: boolean,
): SymbolPairs {
  const size = (ALPHABET + 1) * ALPHABET;
  const lists: number[][] = Array.from({ length: size }, () => []);
  if (separate) {
    const uses = new Map<number, number>();
    for (const id of ids) uses.set(id, (uses.get(id) ?? 0) + 1);
    for (const [first, middle] of trie[0]) {
      for (const [second, state] of trie[middle]) {
        const own = [...ends[state]];
        if (own.length === 0 || own.some((id) => placed[id] === 1 || uses.get(id) !== 1)) continue;
        lists[first * ALPHABET + second] = own;
        ends[state].clear();
      }
    }
  }
  const start = new Int32Array(size + 1);
  const flat: number[] = [];
  lists.forEach((list, pair) => {
    start[pair] = flat.length;
    flat.push(...list);
  });
  start[size] = flat.length;
  const pairs = { stamps: new Int32Array(size), start, ids: Int32Array.from(flat) };
  resetPairs(pairs);
  return pairs;
}

/** Every pair with literals unseen, every other one never to be looked at. */
function resetPairs(pairs: SymbolPairs): void {
  for (let pair = 0; pair < pairs.stamps.length; pair++) {
    pairs.stamps[pair] = pairs.start[pair + 1] > pairs.start[pair] ? 0 : NEVER;
  }
}
