/** Runs the Tier 1 rules over an action view. Each distinct text is lower-cased and scanned once by an
 * Aho-Corasick automaton over every rule's required literals; only rules whose literals occur (or that
 * need none) run their regex, and only on the texts of the fields they look at. Returns each hit rule once. */

import type { ActionView } from "./action_view.ts";
import type { PayloadKind } from "./payload_fields.ts";
import { type HeuristicRule, RULE_FIELDS, type RuleField } from "./rules/rule.ts";
import { LiteralScanner } from "./literal_scanner.ts";
import { requiredLiteralBranches } from "./regex_literals.ts";
import { type GapProfile, gapProfile, type RunStats, worstSteps } from "./regex_cost.ts";

export interface RuleHit {
  rule: HeuristicRule;
  /** The text (normalised, possibly decoded) that matched, shortened for the reason line. */
  excerpt: string;
}

const FIELDS: readonly RuleField[] = RULE_FIELDS;
const BIT = new Map(FIELDS.map((field, index) => [field, 1 << index]));

/** Payload text kinds each field covers (the rest are built from segments, paths, urls and requests). */
const TEXT_SOURCES: Partial<Record<RuleField, PayloadKind[]>> = {
  shell: ["shell", "task"],
  code: ["code"],
  header: ["header"],
  recipient: ["recipient"],
  outbound: ["outbound"],
  content: ["content"],
  task: ["task"],
  query: ["query"],
};

const pathForms = (paths: ActionView["paths"]) =>
  paths.flatMap((path) => path.relative ? [path.absolute, path.relative] : [path.absolute]);

/** The texts (case kept) a field kind covers. */
function rawFieldTexts(view: ActionView, field: RuleField): readonly string[] {
  switch (field) {
    case "command":
      return view.segments.map((segment) => segment.text);
    case "path":
      return pathForms(view.paths);
    case "write_path":
      return pathForms(view.writePaths);
    case "url":
      return view.urls;
    case "request":
      return view.requests;
    case "exec":
      return view.segments.map((segment) => segment.argv[0] ?? "");
    case "tool":
      return [view.type];
    case "recipient_list":
      return [(view.texts.get("recipient") ?? []).join(", ")];
    default:
      return (TEXT_SOURCES[field] ?? []).flatMap((kind) => view.texts.get(kind) ?? []);
  }
}

/** The lower-cased texts a field kind covers. */
export function fieldTexts(view: ActionView, field: RuleField): string[] {
  return rawFieldTexts(view, field).map((text) => text.toLowerCase());
}

/** Per payload text kind: the bits of the fields that cover it. */
const KIND_BITS = new Map<PayloadKind, number>();
for (const [field, kinds] of Object.entries(TEXT_SOURCES)) {
  for (const kind of kinds) KIND_BITS.set(kind, (KIND_BITS.get(kind) ?? 0) | BIT.get(field as RuleField)!);
}
const bit = (field: RuleField) => BIT.get(field)!;
const [COMMAND, EXEC, PATH, WRITE_PATH, URL, REQUEST, TOOL, RECIPIENT_LIST] = (
  ["command", "exec", "path", "write_path", "url", "request", "tool", "recipient_list"] as const
).map(bit);

const LINEAR_TEXTS = 16;

/** The distinct lower-cased texts of a view (the same texts as fieldTexts), each with a bit per field it
 * belongs to. Reused from one judgement to the next to spare allocations. */
class FieldTexts {
  readonly texts: string[] = [];
  readonly bits: number[] = [];
  private readonly index = new Map<string, number>();
  private fields = 0;

  fill(view: ActionView, fields: number): void {
    this.texts.length = 0;
    this.bits.length = 0;
    this.index.clear();
    this.fields = fields;
    for (const segment of view.segments) {
      this.add(segment.text, COMMAND);
      this.add(segment.argv[0] ?? "", EXEC);
    }
    for (const path of view.paths) {
      this.add(path.absolute, PATH);
      if (path.relative) this.add(path.relative, PATH);
    }
    for (const path of view.writePaths) {
      this.add(path.absolute, WRITE_PATH);
      if (path.relative) this.add(path.relative, WRITE_PATH);
    }
    for (const url of view.urls) this.add(url, URL);
    for (const request of view.requests) this.add(request, REQUEST);
    this.add(view.type, TOOL);
    this.add((view.texts.get("recipient") ?? []).join(", "), RECIPIENT_LIST);
    for (const [kind, values] of view.texts) {
      const bits = KIND_BITS.get(kind) ?? 0;
      if ((bits & fields) !== 0) { for (const value of values) this.add(value, bits); }
    }
  }

  private add(raw: string, bits: number): void {
    const kept = bits & this.fields;
    if (kept === 0) return;
    const text = raw.toLowerCase();
    // Few texts: a linear search beats hashing; many: the index map (filled once the list grows).
    const at = this.texts.length <= LINEAR_TEXTS ? this.texts.indexOf(text) : this.indexed(text);
    if (at >= 0) {
      this.bits[at] |= kept;
      return;
    }
    this.texts.push(text);
    this.bits.push(kept);
  }

  private indexed(text: string): number {
    if (this.index.size === 0) this.texts.forEach((known, at) => this.index.set(known, at));
    const at = this.index.get(text);
    if (at === undefined) this.index.set(text, this.texts.length);
    return at ?? -1;
  }
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
  /** Per rule and top-level alternative: the literal sets (literal ids) that alternative needs all of. */
  private readonly branchesOf: number[][][][] = [];
  /** Per literal id: the rules that literal can make candidates (it is in a first set of theirs). */
  private readonly triggers: number[][] = [];
  /** Per literal id: its character code when it is one character. Single characters stay out of the
   * automaton (under shared symbols they would fire on most characters); a presence table answers them. */
  private readonly singles: number[] = [];
  /** Rules a single character can make candidates: checked on every text of their fields. */
  private readonly charTriggered: number[] = [];
  private readonly present = new Int32Array(128);
  private presentStamp = 0;
  private presentText = "";
  private readonly ruleStamps: Int32Array;
  private readonly gaps: Array<GapProfile | undefined>;
  /** One automaton over every rule's literals; candidates are then kept to the text's fields. */
  private readonly scanner: LiteralScanner;
  private readonly marks: Int32Array;
  private stamp = 0;
  private readonly usedFields: number;
  /** Scratch state of one judge call, reused (judge runs to completion without yielding). */
  private readonly hit: Uint8Array;
  private readonly candidates: number[] = [];
  private readonly fieldTexts = new FieldTexts();
  private readonly order: Map<HeuristicRule, number>;
  /** Run statistics of the long text last costed, shared by the rules costed on it. */
  private runsOf = "";
  private runs = new Map<RegExp, RunStats>();

  constructor(readonly rules: readonly HeuristicRule[]) {
    this.ruleFields = new Int32Array(rules.length);
    this.ruleStamps = new Int32Array(rules.length);
    this.hit = new Uint8Array(rules.length);
    this.order = new Map(rules.map((rule, index) => [rule, index]));
    let used = 0;
    const literalIds = new Map<string, number>();
    const idOf = (literal: string) => {
      let id = literalIds.get(literal);
      if (id === undefined) {
        literalIds.set(literal, id = literalIds.size);
        this.triggers.push([]);
        this.singles.push(literal.length === 1 ? literal.charCodeAt(0) : -1);
      }
      return id;
    };
    rules.forEach((rule, index) => {
      for (const field of rule.fields) this.ruleFields[index] |= BIT.get(field) ?? 0;
      used |= this.ruleFields[index];
      const branches = requiredLiteralBranches(rule.pattern);
      if (!branches) this.unfiltered.push(index);
      this.branchesOf.push((branches ?? []).map((sets) => sets.map((set) => set.map(idOf))));
      for (const sets of this.branchesOf[index]) {
        for (const id of sets[0]) {
          const list = this.singles[id] >= 0 ? this.charTriggered : this.triggers[id];
          if (!list.includes(index)) list.push(index);
        }
      }
    });
    this.usedFields = used;
    this.marks = new Int32Array(literalIds.size);
    this.gaps = rules.map((rule) => gapProfile(rule.pattern));
    const multi = [...literalIds].filter(([literal]) => literal.length > 1);
    this.scanner = new LiteralScanner(multi.map(([literal]) => literal), multi.map(([, id]) => id));
  }

  /** Whether, for one top-level alternative of the rule, a literal of each set it needs was seen. */
  private satisfied(index: number, text: string, stamp: number): boolean {
    for (const sets of this.branchesOf[index]) {
      let all = true;
      for (let k = 0; k < sets.length && all; k++) {
        let any = false;
        for (const id of sets[k]) {
          if (this.seen(id, text, stamp)) {
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
    if (code >= 128) return text.includes(String.fromCharCode(code));
    if (this.presentText !== text || this.presentStamp !== stamp) {
      [this.presentText, this.presentStamp] = [text, stamp];
      for (let i = 0; i < text.length; i++) {
        const char = text.charCodeAt(i);
        if (char < 128) this.present[char] = stamp;
      }
    }
    return this.present[code] === stamp;
  }

  /** Every rule that hits, once. */
  match(view: ActionView): RuleHit[] {
    return this.judge(view).hits;
  }

  judge(view: ActionView): Judgement {
    const judgement: Judgement = { hits: [], skipped: [] };
    const hit = this.hit;
    hit.fill(0);
    const candidates = this.candidates;
    const { texts, bits } = this.fieldTexts;
    this.fieldTexts.fill(view, this.usedFields);
    for (let t = 0; t < texts.length; t++) {
      const text = texts[t];
      const fields = bits[t];
      candidates.length = 0;
      const stamp = ++this.stamp;
      this.scanner.scan(text, this.marks, stamp, candidates);
      const long = text.length > COST_CHECK_CHARS;
      for (const literal of candidates) {
        for (const index of this.triggers[literal]) {
          if (this.ruleStamps[index] === stamp) continue;
          this.ruleStamps[index] = stamp;
          if (hit[index] || (this.ruleFields[index] & fields) === 0) continue;
          if (this.satisfied(index, text, stamp)) this.run(index, text, judgement, long);
        }
      }
      for (const index of this.charTriggered) {
        if (this.ruleStamps[index] === stamp) continue;
        this.ruleStamps[index] = stamp;
        if (hit[index] || (this.ruleFields[index] & fields) === 0) continue;
        if (this.satisfied(index, text, stamp)) this.run(index, text, judgement, long);
      }
      for (const index of this.unfiltered) {
        if (!hit[index] && (this.ruleFields[index] & fields) !== 0) this.run(index, text, judgement, long);
      }
    }
    [this.runsOf, this.runs] = ["", new Map()]; // keep no reference to a long text
    this.presentText = "";
    // Rule order, so reasons list rules the same way whatever order texts and literals came in.
    if (judgement.hits.length > 1) {
      judgement.hits.sort((a, b) => this.order.get(a.rule)! - this.order.get(b.rule)!);
    }
    return judgement;
  }

  private run(index: number, text: string, judgement: Judgement, long: boolean): void {
    const rule = this.rules[index];
    if (long && this.tooCostly(index, text)) {
      if (!judgement.skipped.includes(rule)) judgement.skipped.push(rule);
      return;
    }
    const found = rule.pattern.exec(text);
    if (!found) return;
    this.hit[index] = 1;
    judgement.hits.push({ rule, excerpt: excerptAround(text, found.index) });
  }

  /** Whether a rule with an unbounded gap could backtrack past the budget on a long text. */
  private tooCostly(index: number, text: string): boolean {
    const gap = this.gaps[index];
    if (gap === undefined) return false;
    if (this.runsOf !== text) [this.runsOf, this.runs] = [text, new Map()];
    return worstSteps(gap, text, this.runs) > COST_BUDGET;
  }
}

function excerptAround(text: string, index: number): string {
  const start = Math.max(0, index - 20);
  const piece = text.slice(start, start + 80).replace(/\s+/g, " ");
  return (start > 0 ? "…" : "") + piece + (start + 80 < text.length ? "…" : "");
}
