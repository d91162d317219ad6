/** A regex run on a long text only where a match can start: every match of each alternative holds one of its
 * anchor literals a bounded distance after its start (`anchorBranches`), so the starts worth trying are the few
 * just before the anchors' occurrences (recorded by the one literal scan). Each is tried in order with a sticky
 * copy of the regex on the whole text, so the first hit is the leftmost match a plain `exec` would return:
 * same answer, in time bounded by the anchors' occurrences rather than the text's length. */

import { anchorBranches } from "./regex_literals.ts";
import { type LiteralIndex, LITERALS, type TextScan } from "./literal_index.ts";

/** More starts than this fraction of the text's length: a plain run is as cheap. */
const MAX_START_SHARE = 1 / 16;
/** Shortest anchor literal placed. */
const MIN_ANCHOR = 3;

export class AnchoredRegex {
  private readonly sticky?: RegExp;
  /** Per alternative: the anchor literals' ids, how far after the match start they may begin, and whether the
   * match may start at the start of the text instead. */
  private readonly anchors?: Array<{ ids: number[]; lead: number; spaced: boolean; atStart: boolean }>;
  private readonly startList: number[] = [];
  /** Scratch of candidateStarts: the anchors' slots, and the ranges of starts packed one number each. */
  private readonly slotList: number[] = [];
  private rangeList: Float64Array = new Float64Array(0);
  /** The highest anchor id: a scan made before it was registered cannot place it. */
  private readonly lastId: number = -1;

  constructor(readonly pattern: RegExp, index: LiteralIndex = LITERALS) {
    const anchors = anchorBranches(pattern);
    // Literals this short occur too often to be worth placing (`\n`, `to`): such a regex runs plainly.
    if (
      !anchors || anchors.some((anchor) => anchor.literals.some((literal) => literal.length < MIN_ANCHOR))
    ) return;
    this.anchors = anchors.map((anchor) => ({
      ids: withoutExtensions(anchor.literals).map((literal) => index.idOf(literal, true)),
      lead: anchor.lead,
      spaced: anchor.spaced === true,
      atStart: anchor.atStart === true,
    }));
    this.lastId = Math.max(-1, ...this.anchors.flatMap((anchor) => anchor.ids));
    this.sticky = new RegExp(pattern.source, pattern.flags.replace("g", "") + "y");
  }

  /** `pattern.exec(text)` from the start, `text` being the scanned text or one of the same length and letters in
   * another case; run only around anchors when the scan recorded where they are. */
  exec(text: string, scan: TextScan): RegExpExecArray | null {
    const starts = this.starts(text, scan);
    return starts ? this.execAt(text, starts) : this.execPlain(text);
  }

  /** The indexes, in order, a match of the pattern may start at in `text`; undefined when unknown (the scan did
   * not place the anchors) or too many to be worth trying one by one. Valid until the next call. */
  starts(text: string, scan: TextScan): readonly number[] | undefined {
    return this.sticky && scan.positioned && scan.covered > this.lastId && scan.lower.length === text.length
      ? this.candidateStarts(scan, text.length)
      : undefined;
  }

  /** The leftmost match starting at one of `starts` (sorted): the match a plain exec finds. */
  execAt(text: string, starts: readonly number[]): RegExpExecArray | null {
    const sticky = this.sticky!;
    for (let k = 0; k < starts.length; k++) {
      sticky.lastIndex = starts[k];
      const found = sticky.exec(text);
      if (found) return found;
    }
    return null;
  }

  execPlain(text: string): RegExpExecArray | null {
    this.pattern.lastIndex = 0;
    return this.pattern.exec(text);
  }

  /** The sorted, distinct indexes a match may start at; undefined when there are too many to be worth it. */
  private candidateStarts(scan: TextScan, length: number): number[] | undefined {
    // Longer than packed ranges can hold (texts are cut far shorter): a plain run gives the same match.
    if (length >= RANGE_SHIFT) return undefined;
    const limit = Math.max(64, length * MAX_START_SHARE);
    const slots = this.slotList;
    slots.length = 0;
    let total = 0;
    const offsets = scan.offsetsOf();
    for (const anchor of this.anchors!) {
      for (const id of anchor.ids) {
        const slot = scan.slot(id);
        slots.push(slot);
        if (slot >= 0) total += (offsets[slot + 1] - offsets[slot]) * (anchor.lead + 1);
      }
    }
    if (total > limit) return undefined;
    // Each range [from, start] packed as one number, from first, so a numeric sort orders them by where they begin.
    let ranges = this.rangeList;
    let count = 0;
    const starts = scan.startsOf();
    const text = scan.lower;
    let k = 0;
    for (const anchor of this.anchors!) {
      const { lead, spaced } = anchor;
      if (count + 1 > ranges.length) ranges = this.grow(count + 1);
      if (anchor.atStart) ranges[count++] = 0;
      for (let a = 0; a < anchor.ids.length; a++) {
        const slot = slots[k++];
        if (slot < 0) continue;
        const end = offsets[slot + 1];
        if (count + end - offsets[slot] > ranges.length) ranges = this.grow(count + end - offsets[slot]);
        for (let o = offsets[slot]; o < end; o++) {
          const start = starts[o];
          const from = spaced ? spacedFrom(text, start, lead) : Math.max(0, start - lead);
          ranges[count++] = from * RANGE_SHIFT + start;
          total += start - from - lead;
        }
      }
    }
    if (total > limit) return undefined;
    const list = this.startList;
    list.length = 0;
    if (count === 0) return list;
    const sorted = ranges.subarray(0, count);
    if (count > 1) sorted.sort();
    let next = 0;
    for (let r = 0; r < count; r++) {
      const packed = sorted[r];
      const start = packed % RANGE_SHIFT;
      const from = (packed - start) / RANGE_SHIFT;
      for (let index = Math.max(next, from); index <= start; index++) list.push(index);
      next = Math.max(next, start + 1);
    }
    return list;
  }

  private grow(needed: number): Float64Array {
    const grown = new Float64Array(Math.max(needed, this.rangeList.length * 2, 64));
    grown.set(this.rangeList);
    return this.rangeList = grown;
  }
}

/** Ranges of starts are packed as `from * RANGE_SHIFT + start` (texts are far shorter than this). */
const RANGE_SHIFT = 2 ** 26;

/** The literals that do not begin with another of them: `permission was` starts where `permission` does, so
 * `permission` alone places every start of both (fewer literals, fewer occurrences to record). */
function withoutExtensions(literals: readonly string[]): string[] {
  const lower = [...new Set(literals.map((literal) => literal.toLowerCase()))];
  return lower.filter((literal) => !lower.some((other) => other !== literal && literal.startsWith(other)));
}

/** JavaScript's `\s` among the ASCII characters; others are asked of the regex. */
const SPACE = /\s/;
const ASCII_SPACE = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_SPACE[code] = SPACE.test(String.fromCharCode(code)) ? 1 : 0;

function isSpace(code: number): boolean {
  return code < 128 ? ASCII_SPACE[code] === 1 : SPACE.test(String.fromCharCode(code));
}

/** The earliest index a match may start at when at most `lead` characters other than whitespace come before
 * the anchor starting at `start`. */
function spacedFrom(text: string, start: number, lead: number): number {
  let from = start;
  let solid = 0;
  while (from > 0) {
    if (!isSpace(text.charCodeAt(from - 1))) {
      if (solid === lead) break;
      solid++;
    }
    from--;
  }
  return from;
}
