/** Regexes behind a literal prefilter shared by all effect patterns: each text is lower-cased and scanned once by
 * one Aho-Corasick automaton over every pattern's required literals (one of which every match contains); a
 * pattern's regex runs only when one of its literals was seen. Same answers as the bare regexes. */

import { requiredLiterals } from "../regex_literals.ts";
import { LiteralScanner } from "../literal_scanner.ts";

const patterns: GatedPattern[] = [];
let scanner: LiteralScanner | undefined;
let literalCount = 0;

/** Literal presence per text, for the texts of the evaluation under way (cleared as each starts, bounded; long
 * texts are not kept, so the map never holds much text alive). */
const presence = new Map<string, Int32Array>();
const MAX_TEXTS = 32;
const MAX_KEPT_CHARS = 16 * 1024;
let marks = new Int32Array(0);
let stamp = 0;
const found: number[] = [];

function build(): LiteralScanner {
  const literals: string[] = [];
  const ids: number[] = [];
  for (const pattern of patterns) {
    for (const literal of pattern.literals ?? []) {
      literals.push(literal.toLowerCase());
      ids.push(pattern.firstId + (pattern.literals?.indexOf(literal) ?? 0));
    }
  }
  marks = new Int32Array(literalCount);
  return new LiteralScanner(literals, ids);
}

/** Which literals (by id) `text` contains: one scan, remembered for the rest of the evaluation. */
let lastLong: [string, Int32Array] | undefined;

/** The ids of the literals `text` contains (usually a handful). */
function literalsIn(text: string): Int32Array {
  let seen = text.length <= MAX_KEPT_CHARS
    ? presence.get(text)
    : lastLong?.[0] === text
    ? lastLong[1]
    : undefined;
  if (seen) return seen;
  scanner ??= build();
  found.length = 0;
  scanner.scan(text.toLowerCase(), marks, ++stamp, found);
  seen = Int32Array.from(found);
  if (text.length <= MAX_KEPT_CHARS) {
    if (presence.size >= MAX_TEXTS) presence.delete(presence.keys().next().value!);
    presence.set(text, seen);
  } else {
    lastLong = [text, seen];
  }
  return seen;
}

export class GatedPattern {
  readonly literals: string[] | undefined;
  readonly firstId: number;

  constructor(readonly pattern: RegExp) {
    const required = requiredLiterals(pattern)?.filter((literal) => literal.length > 1);
    // A single-character literal would make most texts candidates: such patterns just run.
    this.literals = required && required.length > 0 && required.length === requiredLiterals(pattern)?.length
      ? required
      : undefined;
    this.firstId = literalCount;
    literalCount += this.literals?.length ?? 0;
    patterns.push(this);
    scanner = undefined;
    presence.clear();
    lastLong = undefined;
  }

  /** Whether the pattern matches `text` (as `pattern.test`, from the start of the text). */
  test(text: string): boolean {
    const literals = this.literals;
    if (literals) {
      const seen = literalsIn(text);
      const [first, end] = [this.firstId, this.firstId + literals.length];
      let present = false;
      for (let k = 0; k < seen.length && !present; k++) present = seen[k] >= first && seen[k] < end;
      if (!present) return false;
    }
    this.pattern.lastIndex = 0;
    return this.pattern.test(text);
  }
}

export const gated = (pattern: RegExp): GatedPattern => new GatedPattern(pattern);

/** Forgets the texts of the last evaluation (called as each evaluation starts: nothing is carried over). */
export function startEvaluation(): void {
  presence.clear();
  lastLong = undefined;
}
