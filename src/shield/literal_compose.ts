/** Scans of texts made from texts already scanned (round 18): a document with its quotations blanked, contents
 * joined by line breaks. Such a text is described as parts -- slices of scanned texts, and strings put between
 * them (a separator, the blank that replaced a quotation) -- and its scan is composed from the parts' scans
 * instead of read again: every placed literal occurrence whose window lies inside one slice, moved to where the
 * slice now is, and the windows that touch a put-in string or a seam between slices found by scanning a few
 * characters around it. Placements come out as a fresh scan's; the literal ids are a superset (those of the whole
 * source texts, not only of their slices), which the gated patterns, the only readers of such scans, use as a
 * prefilter the regex then decides. */

import type { Occurrences } from "./literal_scanner.ts";

/** A slice `source.slice(from, to)` of a text scanned this evaluation, or a string put in. */
export type Part = { source: string; from: number; to: number } | string;

/** What composition reads of a scan (`TextScan`). */
export interface ScanParts {
  readonly lower: string;
  readonly ids: readonly number[];
  readonly covered: number;
  readonly positioned: boolean;
  readonly clamped: boolean;
  placedIds(): Int32Array;
  offsetsOf(): Int32Array;
  startsOf(): Int32Array;
}

/** What composition asks of the literal index. */
export interface ComposeHost {
  /** Literals registered so far. */
  readonly size: number;
  /** Per literal id: where its window ends in the literal, and its length. */
  readonly windowEnds: readonly number[];
  readonly windowLengths: readonly number[];
  /** This evaluation's scan of `text`, without scanning it. */
  peek(text: string): ScanParts | undefined;
  /** Starts a list of ids without repeats: `addIds` and `scanRegion` push to it only ids not pushed since. */
  startIds(): void;
  addIds(ids: readonly number[], found: number[]): void;
  /** Scans `lower` (a region of the composed text, lower-cased), pushing its ids to `found` and returning its
   * placed occurrences as (id, index of the window's last character in `lower`) pairs. */
  scanRegion(lower: string, found: number[]): { data: Int32Array; count: number };
}

/** Characters each side of a seam that a literal window crossing it may reach (windows are at most 6 long). */
const REACH = 5;
/** Longest slice read from the text when its source's scan places nothing (a short text: a title, a model name). */
const MAX_READ = 1024;

/** Buffers kept from one composition to the next. */
export interface ComposeScratch {
  /** Per position of a source: the part holding it, or -1. */
  positions: Int32Array;
  /** The composed text's placed occurrences, (id, window end) pairs: each id's in increasing order unless
   * `mixed` (then a seam's occurrences follow the slices'). */
  out: Occurrences;
}

/** The composed text's literal ids (a superset), its placed occurrences left in `scratch.out`, and whether some
 * id's occurrences came from a slice and a seam both (not in order); undefined when a part's scan is not at hand
 * or cannot be moved exactly (then the text is scanned). */
export function composeOccurrences(
  host: ComposeHost,
  lower: string,
  parts: readonly Part[],
  scratch: ComposeScratch,
): { found: number[]; mixed: boolean } | undefined {
  const length = lower.length;
  const starts = new Int32Array(parts.length);
  const ends = new Int32Array(parts.length);
  /** Per slice: what to add to a source index to get the composed text's. */
  const shifts = new Int32Array(parts.length);
  /** Per part: the scan its occurrences are moved from; undefined for parts read from the text itself (put-in
   * strings, and short slices whose scans place nothing). */
  const scans: Array<ScanParts | undefined> = [];
  let at = 0;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    starts[k] = at;
    if (typeof part === "string") {
      at += part.length;
      scans.push(undefined);
    } else {
      if (part.from < 0 || part.to > part.source.length || part.from > part.to) return undefined;
      const scan = host.peek(part.source);
      const usable = scan !== undefined && scan.positioned && !scan.clamped && scan.covered === host.size &&
        scan.lower.length === part.source.length;
      if (!usable && part.to - part.from > MAX_READ) return undefined;
      shifts[k] = at - part.from;
      at += part.to - part.from;
      scans.push(usable ? scan : undefined);
    }
    ends[k] = at;
  }
  if (at !== length || !fits(lower, parts, starts, scans)) return undefined;
  const found: number[] = [];
  host.startIds();
  const out = scratch.out;
  out.count = 0;
  /** Ids placed from the slices (a seam's occurrence of one of them breaks its order). */
  const fromSlices = new Set<number>();
  // Each source once: its positions mapped to the part holding them, then every placed occurrence inside one part.
  const done = new Set<string>();
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    const scan = scans[k];
    if (scan === undefined || typeof part === "string" || done.has(part.source)) continue;
    done.add(part.source);
    const source = part.source;
    host.addIds(scan.ids, found);
    let positions = scratch.positions;
    if (positions.length < source.length) {
      positions = scratch.positions = new Int32Array(
        Math.max(source.length, Math.min(2 * source.length, 1 << 16)),
      );
    }
    positions.fill(-1, 0, source.length);
    let last = -1;
    for (let j = k; j < parts.length; j++) {
      const other = parts[j];
      if (scans[j] === undefined || typeof other === "string" || other.source !== source) continue;
      // Slices of one source in order and apart (as a replacement leaves them); anything else is scanned.
      if (other.from < last) return undefined;
      last = other.to;
      positions.fill(j, other.from, other.to);
    }
    const ids = scan.placedIds();
    const offsets = scan.offsetsOf();
    const placed = scan.startsOf();
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot];
      const windowEnd = host.windowEnds[id];
      const windowLength = host.windowLengths[id];
      const before = out.count;
      for (let o = offsets[slot]; o < offsets[slot + 1]; o++) {
        const end = placed[o] + windowEnd - 1;
        const holder = positions[end];
        if (holder < 0 || positions[end - windowLength + 1] !== holder) continue;
        out.add(id, end + shifts[holder]);
      }
      if (out.count > before) fromSlices.add(id);
    }
  }
  let mixed = false;
  // Around every put-in string and every seam between slices, the windows no slice holds whole.
  let regionFrom = -1;
  let regionTo = -1;
  const flush = () => {
    if (regionTo <= regionFrom) return;
    const { data, count } = host.scanRegion(lower.slice(regionFrom, regionTo), found);
    for (let p = 0; p < count; p += 2) {
      const id = data[p];
      const end = regionFrom + data[p + 1];
      if (!insideOnePart(scans, starts, ends, end - host.windowLengths[id] + 1, end)) {
        out.add(id, end);
        if (fromSlices.has(id)) mixed = true;
      }
    }
  };
  for (let k = 0; k < parts.length; k++) {
    // A part read from the text, or a slice right after another slice.
    const putIn = scans[k] === undefined;
    if (!putIn && (k === 0 || scans[k - 1] === undefined)) continue;
    const from = Math.max(0, starts[k] - REACH);
    const to = Math.min(length, (putIn ? ends[k] : starts[k]) + REACH);
    if (from <= regionTo) regionTo = Math.max(regionTo, to);
    else {
      flush();
      regionFrom = from;
      regionTo = to;
    }
  }
  flush();
  // Several sources: one literal's occurrences follow the order the sources were read in, not the text's.
  return { found, mixed: mixed || done.size > 1 };
}

/** A cheap check of the description against the text: every put-in string where it is said to be, and each slice's
 * first and last characters (lower-cased, as scanned) those of its source. An off-by-one description fails it;
 * producers are tested to describe their texts exactly (tests/shield/literal_compose_test.ts). */
function fits(
  lower: string,
  parts: readonly Part[],
  starts: Int32Array,
  scans: ReadonlyArray<ScanParts | undefined>,
): boolean {
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (typeof part === "string") {
      if (!lower.startsWith(part.toLowerCase(), starts[k])) return false;
    } else if (part.to > part.from && scans[k] !== undefined) {
      const source = scans[k]!.lower;
      const last = starts[k] + part.to - part.from - 1;
      if (lower[starts[k]] !== source[part.from] || lower[last] !== source[part.to - 1]) return false;
    }
  }
  return true;
}

/** Whether [first, last] lies inside one slice moved from its source's scan. */
function insideOnePart(
  scans: ReadonlyArray<ScanParts | undefined>,
  starts: Int32Array,
  ends: Int32Array,
  first: number,
  last: number,
): boolean {
  let low = 0;
  let high = scans.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= first) low = middle;
    else high = middle - 1;
  }
  // Empty parts share a start with the next one: the last part starting at or before `first` holds it, if any does.
  return scans[low] !== undefined && starts[low] <= first && last < ends[low];
}
