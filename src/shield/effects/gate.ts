/** Regexes behind the literal prefilter Shield shares (`literal_index.ts`): each text is lower-cased and scanned
 * once per evaluation by one automaton over every rule's and effect pattern's required literals; a pattern's regex
 * runs only when, for one of its top-level alternatives, a literal of each set that alternative needs was seen (as
 * the rules are gated: `requiredLiteralBranches`), and on long texts only where its anchors are. Same answers as
 * the bare regexes. */

import { requiredLiteralBranches, requiredLiterals } from "../regex_literals.ts";
import { LiteralMarks, LITERALS, LONG_TEXT, type TextScan } from "../literal_index.ts";
import { AnchoredRegex } from "../anchored_regex.ts";

const marks = new LiteralMarks();

/** Per literal id, the gated patterns (by index) whose alternatives name it, in two flat arrays (round 20 of speed:
 * one contiguous table instead of an array per id, which cold runs met out of cache): the patterns of id `i` are
 * `flatPatterns[firstPattern[i]]` up to `flatPatterns[firstPattern[i + 1]]`; ids from `firstPattern.length - 1` on
 * have none. Patterns registered since are `pending` (literal id, pattern index pairs) until the next test makes the
 * table again from both: no array per id is kept (4,600 of them held 0.9 MB of heap beside the table). */
let firstPattern = new Int32Array(1);
let flatPatterns = new Int32Array(0);
let pending: number[] = [];

function flatten(): void {
  const known = firstPattern.length - 1;
  let idCount = known;
  for (let k = 0; k < pending.length; k += 2) idCount = Math.max(idCount, pending[k] + 1);
  const counts = new Int32Array(idCount);
  for (let id = 0; id < known; id++) counts[id] = firstPattern[id + 1] - firstPattern[id];
  for (let k = 0; k < pending.length; k += 2) counts[pending[k]]++;
  const first = new Int32Array(idCount + 1);
  for (let id = 0; id < idCount; id++) first[id + 1] = first[id] + counts[id];
  const flat = new Int32Array(first[idCount]);
  // Each id's earlier patterns first, then the pending ones in the order they were registered.
  const next = first.slice(0, idCount);
  for (let id = 0; id < known; id++) {
    const own = flatPatterns.subarray(firstPattern[id], firstPattern[id + 1]);
    flat.set(own, next[id]);
    next[id] += own.length;
  }
  for (let k = 0; k < pending.length; k += 2) flat[next[pending[k]]++] = pending[k + 1];
  firstPattern = first;
  flatPatterns = flat;
  pending = [];
}
let patternCount = 0;
/** Per pattern: whether the selected scan holds one of its literals (`candidates[index] === candidateStamp`). */
let candidates: Int32Array = new Int32Array(0);
let candidateStamp = 0;
let candidateScan: TextScan | undefined;
/** The candidates of the last few scans selected, each in an array of its own stamped with a number no other
 * selection used (speed round 30): checks go back and forth between an action's texts (a pattern over each text,
 * then the next pattern over each), and two thirds of the selections were of a scan selected a few before. The
 * slots are emptied whenever a pattern is registered (its literals are in no slot's marks). */
const SLOTS = 4;
const slotScans: Array<TextScan | undefined> = new Array(SLOTS).fill(undefined);
const slotMarks: Int32Array[] = [];
const slotStamps = new Int32Array(SLOTS);
let nextSlot = 0;
/** Texts longer than this have their marks made at every selection, so no slot keeps a huge text alive. */
const MAX_SLOTTED_CHARS = 16 * 1024;
/** The last stamp given to a selection (unique across the slots; all cleared when it would overflow). */
let lastCandidateStamp = 0;

/** Forgets the selected scan and every slot (a pattern was registered since they were marked). */
function forgetCandidates(): void {
  candidateScan = undefined;
  slotScans.fill(undefined);
}

/** Marks the patterns one of whose literals the scan holds (once per scan selected, or taken back from a slot): a
 * pattern not marked cannot pass `possible`, unless the scan was made before one of its literals was registered. */
function selectCandidates(scan: TextScan): void {
  if (scan === candidateScan) return;
  candidateScan = scan;
  for (let s = 0; s < SLOTS; s++) {
    if (slotScans[s] === scan) {
      candidates = slotMarks[s];
      candidateStamp = slotStamps[s];
      return;
    }
  }
  if (pending.length > 0) flatten();
  const slot = nextSlot;
  nextSlot = (slot + 1) % SLOTS;
  let marked = slotMarks[slot];
  if (marked === undefined || marked.length < patternCount) {
    const grown = new Int32Array(Math.max(patternCount, 64, (marked?.length ?? 0) * 2));
    if (marked) grown.set(marked);
    slotMarks[slot] = marked = grown;
  }
  if (lastCandidateStamp === 0x7fffffff) {
    lastCandidateStamp = 0;
    for (const list of slotMarks) list.fill(0);
    slotScans.fill(undefined);
  }
  const stamp = ++lastCandidateStamp;
  // A huge text's scan is not kept past its selection (as before: only the selected scan stays referenced).
  slotScans[slot] = scan.lower.length <= MAX_SLOTTED_CHARS ? scan : undefined;
  slotStamps[slot] = stamp;
  candidates = marked;
  candidateStamp = stamp;
  const ids = scan.ids;
  const first = firstPattern;
  const flat = flatPatterns;
  const known = first.length - 1;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (id >= known) continue;
    for (let p = first[id], end = first[id + 1]; p < end; p++) marked[flat[p]] = stamp;
  }
}

/** Per alternative, the literal id sets it needs one of each of; a set holding a single-character literal is not
 * kept (it would make most texts candidates), which only lets the pattern run more often. */
type Branches = number[][][];

/** A pattern's branches flat (round 20 of speed: nested arrays, and the sets alternatives share asked once each):
 * alternative `b` needs the sets `sets[setStart[b]]` up to `sets[setStart[b + 1]]`, each an index of a distinct set
 * whose ids are `ids[idStart[set]]` up to `ids[idStart[set + 1]]`; `answers` holds, per distinct set, this test's
 * stamp (a literal of it seen), its negation (none) or anything else (not asked yet in this test: round 29 of speed,
 * no clearing of the array at every test). */
interface FlatBranches {
  setStart: Int32Array;
  sets: Int32Array;
  idStart: Int32Array;
  ids: Int32Array;
  answers: Int32Array;
}

function flatBranches(branches: Branches): FlatBranches {
  const distinct = new Map<string, number>();
  const lists: number[][] = [];
  const setStart = new Int32Array(branches.length + 1);
  const sets: number[] = [];
  branches.forEach((branch, b) => {
    setStart[b] = sets.length;
    for (const set of branch) {
      const key = set.join(",");
      let index = distinct.get(key);
      if (index === undefined) {
        index = lists.length;
        distinct.set(key, index);
        lists.push(set);
      }
      sets.push(index);
    }
  });
  setStart[branches.length] = sets.length;
  const idStart = new Int32Array(lists.length + 1);
  lists.forEach((list, index) => idStart[index + 1] = idStart[index] + list.length);
  return {
    setStart,
    sets: Int32Array.from(sets),
    idStart,
    ids: Int32Array.from(lists.flat()),
    answers: new Int32Array(lists.length),
  };
}

export class GatedPattern {
  /** Per alternative, the literal id sets it needs one of each of; undefined: the pattern always runs. */
  readonly branches: Branches | undefined;
  private readonly flat: FlatBranches | undefined;
  private readonly anchored: AnchoredRegex;

  private readonly index = patternCount++;
  /** The highest literal id the alternatives name (-1: none). */
  private readonly lastId: number = -1;

  constructor(readonly pattern: RegExp) {
    const branches = this.branches = branchesOf(pattern);
    this.flat = branches && flatBranches(branches);
    this.anchored = new AnchoredRegex(pattern);
    for (const id of new Set(branches?.flat(2))) {
      pending.push(id, this.index);
      this.lastId = Math.max(this.lastId, id);
    }
    // The selected scan's and the slots' marks predate this pattern: made again at the next test, from lists made
    // again.
    forgetCandidates();
  }

  /** Whether the pattern matches `text` (as `pattern.test`, from the start of the text). */
  test(text: string): boolean {
    const flat = this.flat;
    if (!flat) {
      this.pattern.lastIndex = 0;
      return this.pattern.test(text);
    }
    const scan = LITERALS.scan(text);
    return this.opensOn(flat, scan) && this.anchored.exec(text, scan) !== null;
  }

  /** `pattern.exec(text)` from the start of the text (lastIndex 0): the leftmost match, or null. The gate first
   * (no pass of the regex when it stays shut), then, on a long text whose scan placed the anchors, the regex only
   * around them (round 30 of speed: checks that need the match's place asked `opens` and then ran the bare regex
   * over the whole text). Same match as the bare regex. */
  exec(text: string): RegExpExecArray | null {
    const flat = this.flat;
    if (!flat) {
      this.pattern.lastIndex = 0;
      return this.pattern.exec(text);
    }
    const scan = LITERALS.scan(text);
    return this.opensOn(flat, scan) ? this.anchored.exec(text, scan) : null;
  }

  /** As `test`, but scans nothing: a long text this evaluation has scanned already (a written file's content, a
   * message the rules read) is answered from its scan -- no pass of the regex over the whole text where the gate
   * stays shut, only around the anchors where it opens; any other text by the bare regex, which costs less than a
   * scan of it. Same answer either way. */
  testScanned(text: string): boolean {
    if (this.flat && text.length >= LONG_TEXT && LITERALS.peek(text) !== undefined) return this.test(text);
    this.pattern.lastIndex = 0;
    return this.pattern.test(text);
  }

  /** As `test`, by the cheaper pass for a long text this evaluation has not scanned (a raw payload string the view
   * changed, so the rules scanned another string): the bare regex, where scanning the text to open the gate cost
   * more (speed round 40: 123 µs against 48 per long document of the real-work set). Any other text as `test`.
   * Same answer either way. */
  testUnscannedBare(text: string): boolean {
    if (this.flat && text.length >= LONG_TEXT && LITERALS.peek(text) === undefined) {
      this.pattern.lastIndex = 0;
      return this.pattern.test(text);
    }
    return this.test(text);
  }

  /** Forgets the answers of earlier tests (when the test stamps start again). */
  clearAnswers(): void {
    this.flat?.answers.fill(0);
  }

  /** Whether the literal gate lets the regex run on `text` (tests compare it with `branches`' own answer). */
  opens(text: string): boolean {
    return this.flat === undefined || this.opensOn(this.flat, LITERALS.scan(text));
  }

  private opensOn(flat: FlatBranches, scan: TextScan): boolean {
    selectCandidates(scan);
    // None of its literals in the text (all of them looked for): no alternative can match.
    if (candidates[this.index] !== candidateStamp && this.lastId < scan.covered) return false;
    marks.select(scan);
    return possible(flat, scan);
  }
}

/** The stamp of the current `possible` test (positive, below 2^31). */
let testStamp = 0;

/** Whether some alternative has a literal of each of its sets in the scan (or registered after it: not looked for). */
function possible(flat: FlatBranches, scan: TextScan): boolean {
  const { setStart, sets, idStart, ids, answers } = flat;
  const covered = scan.covered;
  if (testStamp === 0x7fffffff) {
    testStamp = 0;
    for (const pattern of GATED) pattern.clearAnswers();
  }
  const stamp = ++testStamp;
  const branchCount = setStart.length - 1;
  for (let b = 0; b < branchCount; b++) {
    let all = true;
    for (let s = setStart[b], end = setStart[b + 1]; s < end && all; s++) {
      const set = sets[s];
      let answer = answers[set];
      if (answer !== stamp && answer !== -stamp) {
        let any = false;
        for (let k = idStart[set], last = idStart[set + 1]; k < last && !any; k++) {
          any = marks.has(ids[k]) || ids[k] >= covered;
        }
        answers[set] = answer = any ? stamp : -stamp;
      }
      all = answer === stamp;
    }
    if (all) return true;
  }
  return false;
}

/** The pattern's alternatives' literal sets as ids; the single set of `requiredLiterals` when the alternatives are
 * not analysed; undefined when no alternative-wide requirement of two characters or more is known. */
function branchesOf(pattern: RegExp): Branches | undefined {
  const usable = (set: string[]) => set.length > 0 && set.every((literal) => literal.length > 1);
  const branches = requiredLiteralBranches(pattern)?.map((sets) => sets.filter(usable));
  if (branches && branches.every((sets) => sets.length > 0)) {
    return branches.map((sets) => sets.map((set) => set.map((literal) => LITERALS.idOf(literal))));
  }
  const all = requiredLiterals(pattern);
  if (!all || all.length === 0 || !usable(all)) return undefined;
  return [[all.map((literal) => LITERALS.idOf(literal))]];
}

/** Every gated pattern made so far (tests compare each with its bare regex). */
export const GATED: GatedPattern[] = [];

export function gated(pattern: RegExp): GatedPattern {
  const made = new GatedPattern(pattern);
  GATED.push(made);
  return made;
}
