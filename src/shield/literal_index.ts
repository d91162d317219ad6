/** One literal automaton for all of Shield's Tier 1: the rules' and the effect patterns' required literals are
 * registered here, and each text is lower-cased and scanned once per evaluation, whoever asks first; the scan
 * (which literals occur, and where, for long texts) is shared by the rules and the effect profile. */

import { distinctiveWindow, LiteralScanner, Occurrences } from "./literal_scanner.ts";

/** Texts at least this long have every literal occurrence recorded (rules then run only around them). */
export const LONG_TEXT = 512;
/** Scans kept per evaluation, and the longest text whose scan is kept beside the last long one. */
const MAX_KEPT = 64;
const MAX_KEPT_CHARS = 16 * 1024;
const MAX_LONG_KEPT = 16;
/** Short texts (tool and program names, common commands and paths) recur from one action to the next: their
 * scans are kept across evaluations, up to this many. */
const SHORT_TEXT = 48;
const MAX_SHORT = 2048;

const NO_IDS: readonly number[] = [];
const NO_STARTS = new Int32Array(0);

/** Where the placed literals of a long text start, grouped by literal: `ids` sorted, the starts of `ids[k]` are
 * `starts[offsets[k]]` up to `starts[offsets[k + 1]]`, in increasing order. */
interface Placements {
  ids: Int32Array;
  offsets: Int32Array;
  starts: Int32Array;
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
  ) {}

  get positioned(): boolean {
    return this.placements !== undefined;
  }

  /** Where literal `id`'s starts are listed: `startsOf()[offsetsOf()[slot]]` up to `…[offsetsOf()[slot + 1]]`
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

export class LiteralIndex {
  private readonly ids = new Map<string, number>();
  /** Per id: where, in its literal, the window the automaton looks for ends. */
  private readonly windowEnds: number[] = [];
  /** Per id: 1 when long texts record its occurrences. */
  private readonly placed: number[] = [];
  private scanner?: LiteralScanner;
  private marks = new Int32Array(0);
  /** Scratch of `group`, all zero between calls. */
  private counts = new Int32Array(0);
  private stamp = 0;
  private occurrences = new Occurrences();
  private readonly kept = new Map<string, TextScan>();
  /** This evaluation's scans of texts from LONG_TEXT to MAX_KEPT_CHARS characters (the oldest replaced first). */
  private readonly longTexts: string[] = [];
  private readonly longScans: Array<TextScan | undefined> = [];
  private longCount = 0;
  private longNext = 0;
  private readonly short = new Map<string, TextScan>();
  private lastLong?: [string, TextScan];
  private lastText?: string;
  private lastScan?: TextScan;

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
      this.placed.push(0);
      this.invalidate();
    }
    if (placed && this.placed[id] === 0) {
      this.placed[id] = 1;
      this.invalidate();
    }
    return id;
  }

  /** The scan of `text`: from this evaluation's earlier scans when it was scanned already. */
  scan(text: string): TextScan {
    // Checks often ask about one text several times in a row: the last answer needs no lookup.
    if (text === this.lastText) return this.lastScan!;
    const scan = this.lookUp(text);
    this.lastText = text;
    this.lastScan = scan;
    return scan;
  }

  private lookUp(text: string): TextScan {
    if (text.length <= SHORT_TEXT) {
      let scan = this.short.get(text);
      if (!scan) {
        scan = this.scanNow(text);
        if (this.short.size >= MAX_SHORT) this.short.clear();
        this.short.set(text, scan);
      }
      return scan;
    }
    if (text.length >= LONG_TEXT && text.length <= MAX_KEPT_CHARS) return this.longLookUp(text);
    const known = text.length <= MAX_KEPT_CHARS
      ? this.kept.get(text)
      : this.lastLong?.[0] === text
      ? this.lastLong[1]
      : undefined;
    if (known) return known;
    const scan = this.scanNow(text);
    if (text.length <= MAX_KEPT_CHARS) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(text, scan);
    } else this.lastLong = [text, scan];
    return scan;
  }

  /** Long texts are compared, not hashed: a new string of some kilobytes costs a hash of every character on its
   * first look-up in a map, a comparison with the kept texts of its length stops at the first difference. */
  private longLookUp(text: string): TextScan {
    const texts = this.longTexts;
    const length = text.length;
    for (let k = 0; k < this.longCount; k++) {
      if (texts[k].length === length && texts[k] === text) return this.longScans[k]!;
    }
    const scan = this.scanNow(text);
    const at = this.longCount < MAX_LONG_KEPT ? this.longCount++ : this.longNext++ % MAX_LONG_KEPT;
    texts[at] = text;
    this.longScans[at] = scan;
    return scan;
  }

  /** Forgets earlier scans of longer texts (as each evaluation starts, so no such text is kept alive longer than
   * its evaluation). */
  forget(): void {
    if (this.kept.size > 0) this.kept.clear();
    for (let k = 0; k < this.longCount; k++) {
      this.longTexts[k] = "";
      this.longScans[k] = undefined;
    }
    this.longCount = this.longNext = 0;
    this.lastLong = undefined;
    this.lastText = this.lastScan = undefined;
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
    for (let k = 0; k < length; k += 2) {
      const id = occurrences[k];
      starts[counts[id]++] = Math.max(0, occurrences[k + 1] + 1 - this.windowEnds[id]);
    }
    for (const id of distinct) counts[id] = 0;
    return { ids, offsets, starts };
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
