/** Regexes behind the literal prefilter Shield shares (`literal_index.ts`): each text is lower-cased and scanned
 * once per evaluation by one automaton over every rule's and effect pattern's required literals (one of which
 * every match contains); a pattern's regex runs only when one of its literals was seen, and on long texts only
 * where its anchors are. Same answers as the bare regexes. */

import { requiredLiterals } from "../regex_literals.ts";
import { LiteralMarks, LITERALS } from "../literal_index.ts";
import { AnchoredRegex } from "../anchored_regex.ts";

const marks = new LiteralMarks();

export class GatedPattern {
  /** Ids of the literals one of which every match contains; undefined: the pattern always runs. */
  private readonly ids: number[] | undefined;
  private readonly anchored: AnchoredRegex;

  constructor(readonly pattern: RegExp) {
    const all = requiredLiterals(pattern);
    // A single-character literal would make most texts candidates: such patterns just run.
    const required = all?.filter((literal) => literal.length > 1);
    this.ids = required && required.length > 0 && required.length === all?.length
      ? required.map((literal) => LITERALS.idOf(literal))
      : undefined;
    this.anchored = new AnchoredRegex(pattern);
  }

  /** Whether the pattern matches `text` (as `pattern.test`, from the start of the text). */
  test(text: string): boolean {
    const ids = this.ids;
    if (!ids) {
      this.pattern.lastIndex = 0;
      return this.pattern.test(text);
    }
    const scan = LITERALS.scan(text);
    marks.select(scan);
    let present = false;
    for (let k = 0; k < ids.length && !present; k++) present = marks.has(ids[k]) || ids[k] >= scan.covered;
    return present && this.anchored.exec(text, scan) !== null;
  }
}

export const gated = (pattern: RegExp): GatedPattern => new GatedPattern(pattern);
