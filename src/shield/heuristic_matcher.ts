/** Runs the Tier 1 rules over an action view. Each distinct text is lower-cased and scanned once by an
 * Aho-Corasick automaton over every rule's required literals; only rules whose literals occur (or that
 * need none) run their regex, and only on the texts of the fields they look at. Returns each hit rule once. */

import type { ActionView } from "./action_view.ts";
import type { PayloadKind } from "./payload_fields.ts";
import type { HeuristicRule, RuleField } from "./rules/rule.ts";
import { LiteralScanner } from "./literal_scanner.ts";
import { requiredLiterals } from "./regex_literals.ts";

export interface RuleHit {
  rule: HeuristicRule;
  /** The text (normalised, possibly decoded) that matched, shortened for the reason line. */
  excerpt: string;
}

const FIELDS: readonly RuleField[] = [
  "command",
  "shell",
  "code",
  "path",
  "write_path",
  "url",
  "header",
  "recipient",
  "outbound",
  "content",
  "task",
  "query",
  "request",
  "exec",
  "tool",
  "recipient_list",
];
const MAX_SCANNERS = 32;
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

/** Each distinct lower-cased text of the view, with a bit per field it belongs to. */
function textsByField(view: ActionView, fields: number): Map<string, number> {
  const texts = new Map<string, number>();
  for (const field of FIELDS) {
    const bit = BIT.get(field)!;
    if ((fields & bit) === 0) continue;
    for (const raw of rawFieldTexts(view, field)) {
      const text = raw.toLowerCase();
      texts.set(text, (texts.get(text) ?? 0) | bit);
    }
  }
  return texts;
}

export class HeuristicMatcher {
  /** Per rule: the bits of the fields it looks at. */
  private readonly ruleFields: Int32Array;
  private readonly literals: Array<string[] | undefined>;
  /** Rules with no required literal: they run on every text of their fields. */
  private readonly unfiltered: number[] = [];
  /** One automaton per combination of fields a text belongs to, over the literals of those fields' rules. */
  private readonly scanners = new Map<number, LiteralScanner>();
  private readonly marks: Int32Array;
  private stamp = 0;
  private readonly usedFields: number;

  constructor(readonly rules: readonly HeuristicRule[]) {
    this.ruleFields = new Int32Array(rules.length);
    this.marks = new Int32Array(rules.length);
    let used = 0;
    this.literals = rules.map((rule, index) => {
      for (const field of rule.fields) this.ruleFields[index] |= BIT.get(field) ?? 0;
      used |= this.ruleFields[index];
      const required = requiredLiterals(rule.pattern);
      if (!required) this.unfiltered.push(index);
      return required;
    });
    this.usedFields = used;
  }

  private scannerFor(fields: number): LiteralScanner {
    let scanner = this.scanners.get(fields);
    // Unusual combinations share the automaton of all fields (a superset: candidates are filtered by field).
    if (!scanner && this.scanners.size >= MAX_SCANNERS && fields !== this.usedFields) {
      return this.scannerFor(this.usedFields);
    }
    if (!scanner) {
      const literals: string[] = [];
      const ids: number[] = [];
      this.literals.forEach((required, index) => {
        if ((this.ruleFields[index] & fields) === 0) return;
        for (const literal of required ?? []) {
          literals.push(literal);
          ids.push(index);
        }
      });
      scanner = new LiteralScanner(literals, ids);
      this.scanners.set(fields, scanner);
    }
    return scanner;
  }

  match(view: ActionView): RuleHit[] {
    const hits: RuleHit[] = [];
    const hit = new Uint8Array(this.rules.length);
    for (const [text, fields] of textsByField(view, this.usedFields)) {
      const candidates: number[] = [];
      this.scannerFor(fields).scan(text, this.marks, ++this.stamp, candidates);
      // Rule order, so reasons list rules the same way whatever order their literals appear in.
      if (candidates.length > 1) candidates.sort((a, b) => a - b);
      for (const index of candidates) {
        if (!hit[index] && (this.ruleFields[index] & fields) !== 0) this.run(index, text, hits, hit);
      }
      for (const index of this.unfiltered) {
        if (!hit[index] && (this.ruleFields[index] & fields) !== 0) this.run(index, text, hits, hit);
      }
    }
    return hits;
  }

  private run(index: number, text: string, hits: RuleHit[], hit: Uint8Array): void {
    const rule = this.rules[index];
    const found = rule.pattern.exec(text);
    if (!found) return;
    hit[index] = 1;
    hits.push({ rule, excerpt: excerptAround(text, found.index) });
  }
}

function excerptAround(text: string, index: number): string {
  const start = Math.max(0, index - 20);
  const piece = text.slice(start, start + 80).replace(/\s+/g, " ");
  return (start > 0 ? "…" : "") + piece + (start + 80 < text.length ? "…" : "");
}
