/** Runs the Tier 1 rules over an action view. Each distinct text is lower-cased and scanned once by the
 * Aho-Corasick automaton Shield shares (`literal_index.ts`, which the effect profile reads too); only rules whose
 * literals occur (or that need none) run their regex, only on the texts of the fields they look at, and on long
 * texts only around their anchors (`anchored_regex.ts`). Returns each hit rule once. */

import type { ActionView } from "./action_view.ts";
import type { HeuristicRule } from "./rules/rule.ts";
import { LITERALS, type TextScan } from "./literal_index.ts";
import { BIT, FieldTexts } from "./rule_texts.ts";
import { AnchoredRegex } from "./anchored_regex.ts";
import { requiredLiteralBranches } from "./regex_literals.ts";
import { exceedsSteps, type GapProfile, gapProfile, type RunStats } from "./regex_cost.ts";

export { fieldTexts } from "./rule_texts.ts";

export interface RuleHit {
  rule: HeuristicRule;
  /** The text (normalised, possibly decoded) that matched, shortened for the reason line. */
  excerpt: string;
}

/** Texts longer than this get the cost check below before each rule with an unbounded gap runs. */
const COST_CHECK_CHARS = 10_000;
/** Upper bound on backtracking steps one rule may take on one text (starts × longest gap run). */
const COST_BUDGET = 100_000_000;

export interface Judgement {
  hits: RuleHit[];
  /** Rules not run on some text because their worst case there exceeds the budget: that text is not fully
   * judged (Tier 1 escalates rather than risk a runaway regex). */
  skipped: HeuristicRule[];
}

export class HeuristicMatcher {
  /** Per rule: the bits of the fields it looks at. */
  private readonly ruleFields: Int32Array;
  /** Rules with no required literal: they run on every text of their fields. */
  private readonly unfiltered: number[] = [];
  /** Per rule and top-level alternative, the literal sets (literal ids) that alternative needs all of, and per
   * literal id the rules that literal can make candidates (it is in a first set of theirs), laid out in flat arrays
   * (what judge walks for every text). The nested arrays they are made from are not kept: 5,000 small arrays. */
  private readonly flat: FlatRules;
  /** Per literal id: its character code when it is one character. Single characters stay out of the
   * automaton (under shared symbols they would fire on most characters); `includes` answers them. */
  private readonly singles: number[] = [];
  /** Per literal id: the literal when it is one character (for `includes`), else "". */
  private readonly singleTexts: string[] = [];
  /** Rules a single character can make candidates: checked on every text of their fields. */
  private readonly charTriggered: number[] = [];
  private readonly ruleStamps: Int32Array;
  private readonly gaps: Array<GapProfile | undefined>;
  /** Local literal id of each id of the shared index (-1: not a literal of these rules). */
  private readonly localOf: Int32Array;
  /** Each rule's regex, run around its anchors on long texts. */
  private readonly anchored: AnchoredRegex[];
  private readonly marks: Int32Array;
  private stamp = 0;
  private readonly usedFields: number;
  /** Scratch state of one judge call, reused (judge runs to completion without yielding). */
  private readonly hit: Uint8Array;
  /** Some rule hit since `hit` was last cleared (most judgements hit none: no clearing then). */
  private hitSet = false;
  /** Local literal ids found in the text being judged (each once: at most one per literal). */
  private readonly candidates: Int32Array;
  private readonly fieldTexts = new FieldTexts();
  private readonly order: Map<HeuristicRule, number>;
  /** Run statistics of the long text last costed, shared by the rules costed on it. */
  private runsOf = "";
  private readonly runs = new Map<RegExp, RunStats>();

  constructor(readonly rules: readonly HeuristicRule[]) {
    this.ruleFields = new Int32Array(rules.length);
    this.ruleStamps = new Int32Array(rules.length);
    this.hit = new Uint8Array(rules.length);
    this.order = new Map(rules.map((rule, index) => [rule, index]));
    let used = 0;
    const branchesOf: number[][][][] = [];
    const triggers: number[][] = [];
    const literalIds = new Map<string, number>();
    const idOf = (literal: string) => {
      let id = literalIds.get(literal);
      if (id === undefined) {
        literalIds.set(literal, id = literalIds.size);
        triggers.push([]);
        this.singles.push(literal.length === 1 ? literal.charCodeAt(0) : -1);
        this.singleTexts.push(literal.length === 1 ? literal : "");
      }
      return id;
    };
    rules.forEach((rule, index) => {
      for (const field of rule.fields) this.ruleFields[index] |= BIT.get(field) ?? 0;
      used |= this.ruleFields[index];
      const branches = requiredLiteralBranches(rule.pattern);
      if (!branches) this.unfiltered.push(index);
      branchesOf.push((branches ?? []).map((sets) => sets.map((set) => set.map(idOf))));
      for (const sets of branchesOf[index]) {
        for (const id of sets[0]) {
          const list = this.singles[id] >= 0 ? this.charTriggered : triggers[id];
          if (!list.includes(index)) list.push(index);
        }
      }
    });
    this.usedFields = used;
    this.flat = flatten(branchesOf, triggers);
    this.marks = new Int32Array(literalIds.size);
    this.candidates = new Int32Array(literalIds.size);
    this.gaps = rules.map((rule) => gapProfile(rule.pattern));
    this.anchored = rules.map((rule) => new AnchoredRegex(rule.pattern));
    const multi = [...literalIds].filter(([literal]) => literal.length > 1);
    const globals = multi.map(([literal]) => LITERALS.idOf(literal));
    this.localOf = new Int32Array(LITERALS.size).fill(-1);
    multi.forEach(([, id], k) => this.localOf[globals[k]] = id);
  }

  /** Whether, for one top-level alternative of the rule, a literal of each set it needs was seen. */
  private satisfied(index: number, text: string, stamp: number): boolean {
    const { branchStart, setStart, literalStart, literals } = this.flat;
    for (let branch = branchStart[index]; branch < branchStart[index + 1]; branch++) {
      let all = true;
      for (let set = setStart[branch]; set < setStart[branch + 1] && all; set++) {
        let any = false;
        for (let k = literalStart[set]; k < literalStart[set + 1]; k++) {
          if (this.seen(literals[k], text, stamp)) {
            any = true;
            break;
          }
        }
        all = any;
      }
      if (all) return true;
    }
    return false;
  }

  private seen(id: number, text: string, stamp: number): boolean {
    const code = this.singles[id];
    if (code < 0) return this.marks[id] === stamp;
    // A native search stops at the first occurrence: cheaper than a pass of our own over the whole text.
    return text.includes(this.singleTexts[id]);
  }

  /** Every rule that hits, once. */
  match(view: ActionView): RuleHit[] {
    return this.judge(view).hits;
  }

  judge(view: ActionView): Judgement {
    const judgement: Judgement = { hits: [], skipped: [] };
    const hit = this.hit;
    if (this.hitSet) {
      hit.fill(0);
      this.hitSet = false;
    }
    const candidates = this.candidates;
    const { texts, scans, bits } = this.fieldTexts;
    this.fieldTexts.fill(view, this.usedFields);
    const { localOf, marks } = this;
    for (let t = 0; t < this.fieldTexts.count; t++) {
      const text = texts[t];
      const scan = scans[t]!;
      const fields = bits[t];
      let found = 0;
      const stamp = ++this.stamp;
      const ids = scan.ids;
      for (let k = 0; k < ids.length; k++) {
        const local = ids[k] < localOf.length ? localOf[ids[k]] : -1;
        if (local < 0) continue;
        marks[local] = stamp;
        candidates[found++] = local;
      }
      const long = text.length > COST_CHECK_CHARS;
      const { triggerStart, triggered } = this.flat;
      for (let c = 0; c < found; c++) {
        const literal = candidates[c];
        for (let k = triggerStart[literal]; k < triggerStart[literal + 1]; k++) {
          const index = triggered[k];
          if (this.ruleStamps[index] === stamp) continue;
          this.ruleStamps[index] = stamp;
          if (hit[index] || (this.ruleFields[index] & fields) === 0) continue;
          if (this.satisfied(index, text, stamp)) this.run(index, scan, judgement, long);
        }
      }
      for (const index of this.charTriggered) {
        if (this.ruleStamps[index] === stamp) continue;
        this.ruleStamps[index] = stamp;
        if (hit[index] || (this.ruleFields[index] & fields) === 0) continue;
        if (this.satisfied(index, text, stamp)) this.run(index, scan, judgement, long);
      }
      for (const index of this.unfiltered) {
        if (!hit[index] && (this.ruleFields[index] & fields) !== 0) this.run(index, scan, judgement, long);
      }
    }
    // Keep no reference to a long text.
    if (this.runsOf !== "") {
      this.runsOf = "";
      this.runs.clear();
    }
    this.fieldTexts.clear();
    // Rule order, so reasons list rules the same way whatever order texts and literals came in.
    if (judgement.hits.length > 1) {
      judgement.hits.sort((a, b) => this.order.get(a.rule)! - this.order.get(b.rule)!);
    }
    return judgement;
  }

  private run(index: number, scan: TextScan, judgement: Judgement, long: boolean): void {
    const rule = this.rules[index];
    const text = scan.lower;
    const anchored = this.anchored[index];
    const starts = anchored.starts(text, scan);
    // Tried only around its anchors, a rule's work is at most (starts × text length): within the budget, no
    // estimate is needed.
    const bounded = starts !== undefined && starts.length * text.length <= COST_BUDGET;
    if (long && !bounded && this.tooCostly(index, text)) {
      if (!judgement.skipped.includes(rule)) judgement.skipped.push(rule);
      return;
    }
    const found = starts ? anchored.execAt(text, starts) : anchored.execPlain(text);
    if (!found) return;
    this.hit[index] = 1;
    this.hitSet = true;
    judgement.hits.push({ rule, excerpt: excerptAround(text, found.index) });
  }

  /** Whether a rule with an unbounded gap could backtrack past the budget on a long text. */
  private tooCostly(index: number, text: string): boolean {
    const gap = this.gaps[index];
    if (gap === undefined) return false;
    if (this.runsOf !== text) {
      this.runsOf = text;
      this.runs.clear();
    }
    return exceedsSteps(gap, text, COST_BUDGET, this.runs);
  }
}

/** Per rule, its top-level alternatives (`branchStart[rule]` to `branchStart[rule + 1]`); per alternative, its
 * literal sets (`setStart`); per set, its literal ids (`literalStart` into `literals`); per literal, the rules it
 * makes candidates (`triggerStart` into `triggered`). */
interface FlatRules {
  branchStart: Int32Array;
  setStart: Int32Array;
  literalStart: Int32Array;
  literals: Int32Array;
  triggerStart: Int32Array;
  triggered: Int32Array;
}

function flatten(branchesOf: number[][][][], triggers: number[][]): FlatRules {
  const branchStart = [0];
  const setStart = [0];
  const literalStart = [0];
  const literals: number[] = [];
  for (const branches of branchesOf) {
    for (const sets of branches) {
      for (const set of sets) {
        literals.push(...set);
        literalStart.push(literals.length);
      }
      setStart.push(literalStart.length - 1);
    }
    branchStart.push(setStart.length - 1);
  }
  const triggerStart = [0];
  const triggered: number[] = [];
  for (const rules of triggers) {
    triggered.push(...rules);
    triggerStart.push(triggered.length);
  }
  return {
    branchStart: Int32Array.from(branchStart),
    setStart: Int32Array.from(setStart),
    literalStart: Int32Array.from(literalStart),
    literals: Int32Array.from(literals),
    triggerStart: Int32Array.from(triggerStart),
    triggered: Int32Array.from(triggered),
  };
}

function excerptAround(text: string, index: number): string {
  const start = Math.max(0, index - 20);
  const piece = text.slice(start, start + 80).replace(/\s+/g, " ");
  return (start > 0 ? "\u2026" : "") + piece + (start + 80 < text.length ? "\u2026" : "");
}
