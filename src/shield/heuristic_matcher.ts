/** Runs the Tier 1 rules over an action view: rules are indexed by field, so each text meets only the
 * rules that look at its kind. Returns every rule that hit, once. */

import type { ActionView } from "./action_view.ts";
import type { HeuristicRule, RuleField } from "./rules/rule.ts";

export interface RuleHit {
  rule: HeuristicRule;
  /** The text (normalised, possibly decoded) that matched, shortened for the reason line. */
  excerpt: string;
}

const TEXT_SOURCES: Partial<Record<RuleField, Array<Parameters<ActionView["texts"]["get"]>[0]>>> = {
  shell: ["shell", "task"],
  code: ["code"],
  header: ["header"],
  recipient: ["recipient"],
  outbound: ["outbound"],
  content: ["content"],
  task: ["task"],
  query: ["query"],
};

function lowered(values: readonly string[]): string[] {
  return values.map((value) => value.toLowerCase());
}

/** The lower-cased texts a field kind covers. */
export function fieldTexts(view: ActionView, field: RuleField): string[] {
  switch (field) {
    case "command":
      return lowered(view.segments.map((segment) => segment.text));
    case "path":
      return view.paths.flatMap((path) => path.relative ? [path.absolute, path.relative] : [path.absolute])
        .map((path) => path.toLowerCase());
    case "write_path":
      return view.writePaths.flatMap((path) =>
        path.relative ? [path.absolute, path.relative] : [path.absolute]
      )
        .map((path) => path.toLowerCase());
    case "url":
      return lowered(view.urls);
    case "request":
      return lowered(view.requests);
    case "exec":
      return lowered(view.segments.map((segment) => segment.argv[0] ?? ""));
    case "tool":
      return [view.type.toLowerCase()];
    case "recipient_list":
      return [lowered(view.texts.get("recipient") ?? []).join(", ")];
    default:
      return lowered((TEXT_SOURCES[field] ?? []).flatMap((kind) => view.texts.get(kind) ?? []));
  }
}

/** Rules of one field: those that combine into one prefilter regex, and the rest (flags, backreferences). */
interface FieldRules {
  combined?: RegExp;
  combinable: HeuristicRule[];
  separate: HeuristicRule[];
}

/** One regex that matches when any of the rules would: most texts match none, so most texts cost one scan. */
function prefilter(rules: HeuristicRule[]): RegExp | undefined {
  if (rules.length === 0) return undefined;
  return new RegExp(rules.map((rule) => `(?:${rule.pattern.source})`).join("|"));
}

export class HeuristicMatcher {
  private readonly byField = new Map<RuleField, FieldRules>();

  constructor(readonly rules: readonly HeuristicRule[]) {
    for (const rule of rules) {
      for (const field of rule.fields) {
        const entry = this.byField.get(field) ?? { combinable: [], separate: [] };
        const combinable = rule.pattern.flags === "" && !/\\[1-9]/.test(rule.pattern.source);
        (combinable ? entry.combinable : entry.separate).push(rule);
        this.byField.set(field, entry);
      }
    }
    for (const entry of this.byField.values()) entry.combined = prefilter(entry.combinable);
  }

  match(view: ActionView): RuleHit[] {
    const hits = new Map<string, RuleHit>();
    for (const [field, entry] of this.byField) {
      const texts = fieldTexts(view, field);
      for (const text of texts) {
        if (entry.combined?.test(text)) this.collect(entry.combinable, text, hits);
        this.collect(entry.separate, text, hits);
      }
    }
    return [...hits.values()];
  }

  private collect(rules: HeuristicRule[], text: string, hits: Map<string, RuleHit>): void {
    for (const rule of rules) {
      if (hits.has(rule.id)) continue;
      const found = rule.pattern.exec(text);
      if (found) hits.set(rule.id, { rule, excerpt: excerptAround(text, found.index) });
    }
  }
}

function excerptAround(text: string, index: number): string {
  const start = Math.max(0, index - 20);
  const piece = text.slice(start, start + 80).replace(/\s+/g, " ");
  return (start > 0 ? "…" : "") + piece + (start + 80 < text.length ? "…" : "");
}
