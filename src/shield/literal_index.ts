/** One literal automaton for all of Shield's Tier 1: the rules' and the effect patterns' required literals are
 * registered here, and each text is lower-cased and scanned once per evaluation, whoever asks first; the scan
 * (which literals occur, and where, for long texts) is shared by the rules and the effect profile. */

import { distinctiveWindow, LiteralScanner, Occurrences } from "./literal_scanner.ts";
import { type ComposeHost, composeOccurrences, type Part } from "./literal_compose.ts";
import { KeptTexts } from "./kept_texts.ts";

/** Texts at least this long have every literal occurrence recorded (rules then run only around them). */
export const LONG_TEXT = 512;
/** Scans kept per evaluation, and the longest text whose scan is kept beside the last long one. */
const MAX_KEPT = 64;
const MAX_KEPT_CHARS = 16 * 1024;
const MAX_LONG_KEPT = 16;
/** Short texts (tool and program names, short paths) recur from one action to the next: their scans are kept
 * across evaluations in a map, up to MAX_SHORT. Longer ones are kept per evaluation (`kept`, compared, not hashed):
 * over the corpus and real-work sets (speed round 23) a map answered 88 % of the asks for texts of up to 7
 * characters and 74 % of 8 to 15, but 37 to 44 % from 16 on, nearly all of them repeats within the evaluation (the
 * per-evaluation list answers those too); the misses paid a hash of a new string, an insertion and, the map full,
 * its clearing. */
const SHORT_TEXT = 16;
const MAX_SHORT = 2048;
/** Texts described as made of scanned ones (`derive`), kept per evaluation. */
const MAX_DERIVED = 8;

const NO_IDS: readonly number[] = [];
const NO_STARTS = new Int32Array(0);

/** Where the placed literals of a long text start, grouped by literal: `ids` sorted, the starts of `ids[k]` are
 * `starts[offsets[k]]` up to `starts[offsets[k + 1]]`, in increasing order. */
interface Placements {
  ids: Int32Array;
  offsets: Int32Array;
  starts: Int32Array;
  /** Some literal's start fell before the text's and was recorded as 0. */
  clamped: boolean;
}

/** What one scan of a text found. */
export class TextScan {
  constructor(
    /** The text lower-cased: what rule patterns and literals are matched against. */
    readonly lower: string,
    /** Ids of the literals the text contains, each once. */
    readonly ids: readonly number[],
    /** Long texts: where each placed literal starts (may include look-alikes). */
    private readonly placements: Placements | undefined,
    /** Literals registered when the text was scanned: later ones were not looked for. */
    readonly covered: number,
    /** False for a scan composed from others' (`literal_compose.ts`): its placements are exact, its ids may hold
     * more than the text contains (a prefilter's superset). */
    readonly exact = true,
  ) {}

  get positioned(): boolean {
    return this.placements !== undefined;
  }

  get clamped(): boolean {
    return this.placements?.clamped === true;
  }

  /** The placed literals' ids, sorted (see `slot`). */
  placedIds(): Int32Array {
    return this.placements?.ids ?? NO_STARTS;
  }

  /** Where literal `id`'s starts are listed: `startsOf()[offsetsOf()[slot]]` up to `...[offsetsOf()[slot + 1]]`
   * (increasing); -1 when it was not placed in this text. */
  slot(id: number): number {
    const ids = this.placements?.ids;
    if (!ids) return -1;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ids[middle] === id) return middle;
      if (ids[middle] < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** How many times literal `id` occurs (placed literals of long texts; 0 otherwise). */
  countOf(id: number): number {
    const slot = this.slot(id);
    return slot < 0 ? 0 : this.placements!.offsets[slot + 1] - this.placements!.offsets[slot];
  }

  /** Every placed start, grouped by literal (see `slot`); empty when the text's literals were not placed. */
  startsOf(): Int32Array {
    return this.placements?.starts ?? NO_STARTS;
  }

  offsetsOf(): Int32Array {
    return this.placements?.offsets ?? NO_STARTS;
  }

  /** Calls `each` with every index where literal `id` starts, in increasing order. */
  eachStart(id: number, each: (start: number) => void): void {
    const slot = this.slot(id);
    if (slot < 0) return;
    const { offsets, starts } = this.placements!;
    for (let k = offsets[slot]; k < offsets[slot + 1]; k++) each(starts[k]);
  }
}

export class LiteralIndex implements ComposeHost {
  private readonly ids = new Map<string, number>();
  /** Per id: where, in its literal, the window the automaton looks for ends, and the window's length. */
  readonly windowEnds: number[] = [];
  readonly windowLengths: number[] = [];
  /** Per id: 1 when long texts record its occurrences. */
  private readonly placed: number[] = [];
  private scanner?: LiteralScanner;
  private marks = new Int32Array(0);
  /** Scratch of `group`, all zero between calls. */
  private counts = new Int32Array(0);
  private stamp = 0;
  private occurrences = new Occurrences();
  /** This evaluation's scans of texts over SHORT_TEXT and under LONG_TEXT characters (the oldest replaced first). */
  private readonly kept = new KeptTexts<TextScan>(MAX_KEPT);
  /** This evaluation's scans of texts from LONG_TEXT to MAX_KEPT_CHARS characters (the oldest replaced first). */
  private readonly longKept = new KeptTexts<TextScan>(MAX_LONG_KEPT);
  private readonly short = new Map<string, TextScan>();
  private lastLong?: [string, TextScan];
  private lastText?: string;
  private lastScan?: TextScan;
  private readonly derived: Array<{ text: string; parts: readonly Part[] }> = [];
  private readonly scratch = { positions: new Int32Array(0), out: new Occurrences() };

  get size(): number {
    return this.ids.size;
  }

  /** The id of a literal of two characters or more (lower-cased), registering it on first sight; `placed`: long
   * texts record where it occurs. */
  idOf(literal: string, placed = false): number {
    const key = literal.toLowerCase();
    let id = this.ids.get(key);
    if (id === undefined) {
      this.ids.set(key, id = this.ids.size);
      const window = distinctiveWindow(key);
      this.windowEnds.push(window.start + window.length);
      this.windowLengths.push(window.length);
      this.placed.push(0);
      this.invalidate();
    }
    if (placed && this.placed[id] === 0) {
      this.placed[id] = 1;
      this.invalidate();
    }
    return id;
  }

  /** The scan of `text`: from this evaluation's earlier scans when it was scanned already, composed from its
   * parts' when it was described by `derive` -- unless `exact`, which asks for ids the text holds, no more. */
  scan(text: string, exact = false): TextScan {
    // Checks often ask about one text several times in a row: the last answer needs no lookup.
    if (text === this.lastText && (!exact || this.lastScan!.exact)) return this.lastScan!;
    const known = this.peek(text);
    let scan: TextScan;
    if (known && (!exact || known.exact)) scan = known;
    else {
      scan = (!exact && this.composed(text)) || this.scanNow(text);
      this.store(text, scan, known !== undefined);
    }
    this.lastText = text;
    this.lastScan = scan;
    return scan;
  }

  /** This evaluation's scan of `text` (short texts: any evaluation's), without scanning. Texts over SHORT_TEXT are
   * compared, not hashed (`KeptTexts`): a new string costs a hash of every character on its first look-up in a map,
   * 100 ns and more from some dozens of characters. */
  peek(text: string): TextScan | undefined {
    if (text === this.lastText) return this.lastScan;
    const length = text.length;
    if (length <= SHORT_TEXT) return this.short.get(text);
    if (length < LONG_TEXT) return this.kept.get(text);
    if (length <= MAX_KEPT_CHARS) return this.longKept.get(text);
    return this.lastLong?.[0] === text ? this.lastLong[1] : undefined;
  }

  /** Keeps `scan` as the scan of `text`; `replace`: an earlier one is kept and is replaced. */
  private store(text: string, scan: TextScan, replace: boolean): void {
    const length = text.length;
    if (length <= SHORT_TEXT) {
      if (!replace && this.short.size >= MAX_SHORT) this.short.clear();
      this.short.set(text, scan);
    } else if (length < LONG_TEXT) this.kept.set(text, scan, replace);
    else if (length <= MAX_KEPT_CHARS) this.longKept.set(text, scan, replace);
    else this.lastLong = [text, scan];
  }

  /** Tells the index that `text` is made of `parts` (slices of texts scanned this evaluation, and strings put
   * between them): asked for later in this evaluation, its scan is composed from theirs (`literal_compose.ts`). */
  derive(text: string, parts: readonly Part[]): void {
    if (text.length < LONG_TEXT) return;
    if (this.derived.length >= MAX_DERIVED) this.derived.shift();
    this.derived.push({ text, parts });
  }

  /** The composed scan of a derived text; undefined when it is not one, or its parts' scans are not at hand. */
  private composed(text: string): TextScan | undefined {
    if (this.derived.length === 0 || text.length < LONG_TEXT || !this.scanner) return undefined;
    const at = this.derived.findIndex((entry) => entry.text === text);
    if (at < 0) return undefined;
    const { parts } = this.derived[at];
    this.derived.splice(at, 1);
    const lower = text.toLowerCase();
    if (lower.length !== text.length) return undefined;
    const composed = composeOccurrences(this, lower, parts, this.scratch);
    // Buffers grown large on a huge text are not kept.
    if (this.scratch.positions.length > 1 << 16) this.scratch.positions = new Int32Array(0);
    if (!composed) return undefined;
    const { out } = this.scratch;
    const placements = this.group(out.data, out.count);
    if (composed.mixed) {
      // A seam's occurrences came after the slices': each literal's starts put back in order.
      const { offsets, starts } = placements;
      for (let k = 0; k + 1 < offsets.length; k++) starts.subarray(offsets[k], offsets[k + 1]).sort();
    }
    if (out.data.length > 1 << 16) this.scratch.out = new Occurrences();
    return new TextScan(
      lower,
      composed.found.length === 0 ? NO_IDS : composed.found,
      placements,
      this.ids.size,
      false,
    );
  }

  startIds(): void {
    ++this.stamp;
  }

  addIds(ids: readonly number[], found: number[]): void {
    const { marks, stamp } = this;
    for (let k = 0; k < ids.length; k++) {
      if (marks[ids[k]] !== stamp) {
        marks[ids[k]] = stamp;
        found.push(ids[k]);
      }
    }
  }

  scanRegion(lower: string, found: number[]): { data: Int32Array; count: number } {
    const occurrences = this.occurrences;
    occurrences.count = 0;
    this.scanner!.scan(lower, this.marks, this.stamp, found, occurrences);
    return occurrences;
  }

  /** Forgets earlier scans of longer texts (as each evaluation starts, so no such text is kept alive longer than
   * its evaluation). */
  forget(): void {
    this.kept.clear();
    this.longKept.clear();
    this.lastLong = undefined;
    this.lastText = this.lastScan = undefined;
    this.derived.length = 0;
  }

  private scanNow(text: string): TextScan {
    if (!this.scanner) this.build();
    const lower = text.toLowerCase();
    // A fresh list per scan is the scan's own (emptying a shared one would drop its storage anyway).
    const found: number[] = [];
    const long = lower.length >= LONG_TEXT;
    const occurrences = long ? this.occurrences : undefined;
    if (occurrences) occurrences.count = 0;
    this.scanner!.scan(lower, this.marks, ++this.stamp, found, occurrences);
    const placements = occurrences ? this.group(occurrences.data, occurrences.count) : undefined;
    // A buffer grown large on a huge text is not kept.
    if (occurrences && occurrences.data.length > 1 << 16) this.occurrences = new Occurrences();
    return new TextScan(
      lower,
      found.length === 0 ? NO_IDS : found,
      placements,
      this.ids.size,
    );
  }

  /** Occurrences (id, index of the last character of its window) grouped by id as starts (a counting sort). */
  private group(occurrences: Int32Array, length: number): Placements {
    const counts = this.counts;
    const distinct: number[] = [];
    for (let k = 0; k < length; k += 2) {
      const id = occurrences[k];
      if (counts[id]++ === 0) distinct.push(id);
    }
    // A typed array sorts numerically, natively (no comparator called per pair).
    const ids = Int32Array.from(distinct).sort();
    const offsets = new Int32Array(ids.length + 1);
    for (let k = 0; k < ids.length; k++) {
      offsets[k + 1] = offsets[k] + counts[ids[k]];
      counts[ids[k]] = offsets[k]; // from here on: where the next start of this id goes
    }
    const starts = new Int32Array(offsets[ids.length]);
    let clamped = false;
    for (let k = 0; k < length; k += 2) {
      const id = occurrences[k];
      const start = occurrences[k + 1] + 1 - this.windowEnds[id];
      if (start < 0) clamped = true;
      starts[counts[id]++] = Math.max(0, start);
    }
    for (const id of distinct) counts[id] = 0;
    return { ids, offsets, starts, clamped };
  }

  /** A literal was added or placed: the automaton and every scan so far are out of date. */
  private invalidate(): void {
    this.scanner = undefined;
    this.short.clear();
    this.forget();
  }

  private build(): void {
    const literals = [...this.ids.keys()];
    this.scanner = new LiteralScanner(literals, literals.map((_literal, id) => id), this.placed);
    this.marks = new Int32Array(literals.length);
    this.counts = new Int32Array(literals.length);
    this.stamp = 0;
    this.forget();
  }
}

/** The one index of the process: rules and effect patterns register their literals here. */
export const LITERALS = new LiteralIndex();

/** Which literals the selected scan holds, as a consumer's own marks (several consumers interleave). */
export class LiteralMarks {
  private marks = new Int32Array(0);
  private stamp = 0;
  private current?: TextScan;

  select(scan: TextScan): void {
    if (this.current === scan) return;
    this.current = scan;
    const stamp = ++this.stamp;
    const ids = scan.ids;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      if (id >= this.marks.length) this.grow();
      this.marks[id] = stamp;
    }
  }

  has(id: number): boolean {
    return id < this.marks.length && this.marks[id] === this.stamp;
  }

  /** Drops the selected scan (so a later one with the same identity is stamped again). */
  clear(): void {
    this.current = undefined;
  }

  private grow(): void {
    const grown = new Int32Array(Math.max(LITERALS.size, this.marks.length * 2, 64));
    grown.set(this.marks);
    this.marks = grown;
  }
}
