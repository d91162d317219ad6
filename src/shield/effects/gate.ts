/** A regex behind a literal prefilter: the literals one of which every match contains are looked for first
 * (a native substring search), and the regex runs only when one is there. Most effect patterns meet texts
 * that lack all their words, so most tests end before any regex runs. Same answers as the bare regex. */

import { requiredLiterals } from "../regex_literals.ts";

let lastText = "";
let lastLower = "";

function lowered(text: string): string {
  if (text !== lastText) [lastText, lastLower] = [text, text.toLowerCase()];
  return lastLower;
}

export class GatedPattern {
  private readonly literals: string[] | undefined;
  private readonly caseless: boolean;

  constructor(readonly pattern: RegExp) {
    this.caseless = pattern.flags.includes("i");
    this.literals = requiredLiterals(pattern)?.filter((literal) => literal !== "");
    if (this.literals?.length === 0) this.literals = undefined;
  }

  /** Whether the pattern matches `text` (as `pattern.test`, from the start of the text). */
  test(text: string): boolean {
    const literals = this.literals;
    if (literals) {
      const subject = this.caseless ? lowered(text) : text;
      let present = false;
      for (let k = 0; k < literals.length && !present; k++) present = subject.includes(literals[k]);
      if (!present) return false;
    }
    this.pattern.lastIndex = 0;
    return this.pattern.test(text);
  }
}

export const gated = (pattern: RegExp): GatedPattern => new GatedPattern(pattern);
