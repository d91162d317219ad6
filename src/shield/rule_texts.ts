/** The texts Tier 1 rules look at, per rule field: the view's segments, program names, paths, URLs, requests and
 * payload texts, lower-cased and deduplicated for one judgement, each with the scan the shared automaton made of it. */

import type { ActionView } from "./action_view.ts";
import type { PayloadKind } from "./payload_fields.ts";
import { RULE_FIELDS, type RuleField } from "./rules/rule.ts";
import { LITERALS, type TextScan } from "./literal_index.ts";

const FIELDS: readonly RuleField[] = RULE_FIELDS;
export const BIT = new Map(FIELDS.map((field, index) => [field, 1 << index]));

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
export class FieldTexts {
  /** The first `count` entries are this judgement's (the arrays are overwritten, not emptied: emptying an array
   * drops its storage, and the next judgement would allocate it again). */
  readonly texts: string[] = [];
  /** The text each entry was first added as (case kept). */
  private readonly raws: string[] = [];
  readonly scans: Array<TextScan | undefined> = [];
  readonly bits: number[] = [];
  count = 0;
  private readonly index = new Map<string, number>();
  private fields = 0;

  fill(view: ActionView, fields: number): void {
    this.count = 0;
    // Map.clear allocates a fresh table even when empty: cleared only when used.
    if (this.index.size > 0) this.index.clear();
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
    const recipients = view.texts.get("recipient");
    this.add(
      recipients === undefined ? "" : recipients.length === 1 ? recipients[0] : recipients.join(", "),
      RECIPIENT_LIST,
    );
    for (const [kind, values] of view.texts) {
      const bits = KIND_BITS.get(kind) ?? 0;
      if ((bits & fields) !== 0) { for (const value of values) this.add(value, bits); }
    }
  }

  /** Drops the texts (so no long text stays referenced between judgements). */
  clear(): void {
    for (let at = 0; at < this.count; at++) {
      this.texts[at] = this.raws[at] = "";
      this.scans[at] = undefined;
    }
    this.count = 0;
    if (this.index.size > 0) this.index.clear();
  }

  private add(raw: string, bits: number): void {
    const kept = bits & this.fields;
    if (kept === 0) return;
    // A text added already (a path read and written, a command that is its one segment, a program run twice) is
    // not looked up again: a look-up of a new string hashes it, some 100 ns.
    const again = this.count <= LINEAR_TEXTS ? this.rawAt(raw) : -1;
    if (again >= 0) {
      this.bits[again] |= kept;
      return;
    }
    // Rules read the ids as the literals the text holds: never a composed scan's superset.
    const scan = LITERALS.scan(raw, true);
    const text = scan.lower;
    // Few texts: a linear search beats hashing; many: the index map (filled once the list grows).
    const at = this.count <= LINEAR_TEXTS ? this.linear(text) : this.indexed(text);
    if (at >= 0) {
      this.bits[at] |= kept;
      return;
    }
    this.texts[this.count] = text;
    this.raws[this.count] = raw;
    this.scans[this.count] = scan;
    this.bits[this.count] = kept;
    this.count++;
  }

  /** Where a text equal to `raw` was added as it was given (before lower-casing), or -1. */
  private rawAt(raw: string): number {
    const length = raw.length;
    for (let at = 0; at < this.count; at++) {
      const other = this.raws[at];
      if (other.length === length && other === raw) return at;
    }
    return -1;
  }

  private linear(text: string): number {
    for (let at = 0; at < this.count; at++) if (this.texts[at] === text) return at;
    return -1;
  }

  private indexed(text: string): number {
    if (this.index.size === 0) { for (let at = 0; at < this.count; at++) this.index.set(this.texts[at], at); }
    const at = this.index.get(text);
    if (at === undefined) this.index.set(text, this.count);
    return at ?? -1;
  }
}
