/** The regex walk behind `regex_literals.ts`: a parser of regex source that tells, per node, the strings it can
 * consume, the literals any match holds, its width, and the literals every match starts near. Conservative: when
 * unsure a node requires nothing. */

import { ownTable } from "../lib/own_table.ts";

/** What one regex node tells about the strings it matches. */
export interface Info {
  /** Every string the node can consume, when that set is small and finite. */
  exact?: string[];
  /** At least one of these occurs in any text the node matches (at the match or, for lookarounds, near it). */
  required?: string[];
  /** Consumes nothing (assertions, lookarounds). */
  zeroWidth?: boolean;
  /** For one alternative (a sequence): every literal set it requires, all of them at once. */
  all?: string[][];
  /** Most characters (UTF-16 units) the node can consume besides whitespace consumed by its whitespace-only parts
   * (`\s+`, ` `, `[ \t]*`: those make it `spaced`); Infinity when unbounded or unknown. */
  width: number;
  /** Some whitespace-only part may consume any amount of whitespace. */
  spaced?: boolean;
  /** Consumes whitespace only. */
  spaceOnly?: boolean;
  /** For one alternative: literals one of which every match holds within `lead` characters of its start. */
  anchor?: Anchor;
}

/** Literals one of which every match of a branch holds, starting at most `lead` characters after the match,
 * plus any whitespace when `spaced` (or, with `atStart`, the match starts where the text does). */
export interface Anchor {
  literals: string[];
  lead: number;
  spaced?: boolean;
  atStart?: boolean;
}

const MAX_EXACT = 64;
const MAX_REQUIRED = 256;
const MAX_CLASS_CHARS = 12;
/** One character of unknown kind (`.`, a class, `\\d`). */
const ANY: Info = { width: 1 };
const UNKNOWN: Info = { width: Infinity };
const EMPTY: Info = { exact: [""], zeroWidth: true, width: 0 };
/** `\s` and the like: any amount of it leaves the solid width alone. */
const SPACE: Info = { width: 0, spaced: true, spaceOnly: true };
const WHITESPACE = /^\s$/;
/** One fixed character: whitespace counts as spacing. */
const character = (char: string): Info =>
  WHITESPACE.test(char)
    ? { exact: [char], width: 0, spaced: true, spaceOnly: true }
    : { exact: [char], width: 1 };
/** `^`: a match through it starts at the start of the text (without the `m` flag). */
const START: Info = {
  exact: [""],
  zeroWidth: true,
  width: 0,
  anchor: { literals: [], lead: 0, atStart: true },
};

const SIMPLE_ESCAPES: Record<string, string> = ownTable({
  n: "\n",
  t: "\t",
  r: "\r",
  f: "\f",
  v: "\v",
  "0": "\0",
});

export function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The literals of `info` usable as a requirement, or undefined when it requires nothing. */
export function asRequired(info: Info): string[] | undefined {
  const candidates = [info.required, info.exact].filter((set): set is string[] =>
    set !== undefined && set.length > 0 && !set.includes("")
  );
  return best(candidates);
}

/** Longer shortest literal filters better; fewer alternatives break ties. */
export function score(set: string[]): number {
  return Math.min(...set.map((literal) => literal.length)) * 1000 - set.length;
}

/** An anchor with fewer, longer literals leaves fewer starts to try; at the start of the text only, one. */
function anchorScore(anchor: Anchor): number {
  return anchor.literals.length === 0 ? Infinity : score(anchor.literals);
}

function best(candidates: string[][]): string[] | undefined {
  let chosen: string[] | undefined;
  for (const set of candidates) if (!chosen || score(set) > score(chosen)) chosen = set;
  return chosen;
}

function cross(left: string[], right: string[]): string[] | undefined {
  if (left.length * right.length > MAX_EXACT) return undefined;
  return unique(left.flatMap((a) => right.map((b) => a + b)));
}

export class Parser {
  private i = 0;

  constructor(private readonly source: string) {}

  parse(): Info {
    const info = this.disjunction();
    if (this.i < this.source.length) throw new Error(`Unexpected ")" at ${this.i}`);
    return info;
  }

  /** The top-level alternatives, each analysed on its own. */
  parseBranches(): Info[] {
    const branches = this.branches();
    if (this.i < this.source.length) throw new Error(`Unexpected ")" at ${this.i}`);
    return branches;
  }

  private branches(): Info[] {
    const branches = [this.alternative()];
    while (this.source[this.i] === "|") {
      this.i++;
      branches.push(this.alternative());
    }
    return branches;
  }

  private disjunction(): Info {
    const branches = this.branches();
    if (branches.length === 1) return branches[0];
    const exacts = branches.map((branch) => branch.exact);
    const exact = exacts.every((set) => set !== undefined) ? unique(exacts.flat() as string[]) : undefined;
    const required = branches.map(asRequired);
    const union = required.every((set) => set !== undefined)
      ? unique(required.flat() as string[])
      : undefined;
    return {
      exact: exact && exact.length <= MAX_EXACT ? exact : undefined,
      required: union && union.length <= MAX_REQUIRED ? union : undefined,
      width: Math.max(...branches.map((branch) => branch.width)),
      spaced: branches.some((branch) => branch.spaced),
      spaceOnly: branches.every((branch) => branch.spaceOnly),
      anchor: branches.every((branch) => branch.anchor !== undefined)
        ? {
          literals: unique(branches.flatMap((branch) => branch.anchor!.literals)),
          lead: Math.max(...branches.map((branch) => branch.anchor!.lead)),
          spaced: branches.some((branch) => branch.anchor!.spaced),
          atStart: branches.some((branch) => branch.anchor!.atStart),
        }
        : undefined,
    };
  }

  private alternative(): Info {
    const candidates: string[][] = [];
    let run: string[] = [""];
    let broken = false;
    // Characters consumed before the current term, and before the current run of exact terms, at most (besides
    // whitespace, when spaced).
    let width = 0;
    let spaced = false;
    let spaceOnly = true;
    let runLead = 0;
    let runSpaced = false;
    let anchor: Anchor | undefined;
    const consider = (found: Anchor) => {
      if (
        found.lead !== Infinity && found.literals.length <= MAX_REQUIRED && !found.literals.includes("") &&
        (!anchor || anchorScore(found) > anchorScore(anchor))
      ) anchor = found;
    };
    const closeRun = () => {
      if (run.includes("")) return;
      candidates.push(run);
      consider({ literals: run, lead: runLead, spaced: runSpaced });
    };
    while (this.i < this.source.length && this.source[this.i] !== "|" && this.source[this.i] !== ")") {
      const term = this.quantified(this.atom());
      // A term that anchors its own matches (`(?:^|\n)`, `\b(?:add|set\s+up)\b`) anchors the sequence as well.
      if (term.anchor) {
        consider({ ...term.anchor, lead: width + term.anchor.lead, spaced: spaced || term.anchor.spaced });
      }
      if (term.zeroWidth) {
        const required = asRequired(term);
        if (required) candidates.push(required);
        continue;
      }
      const joined = term.exact ? cross(run, term.exact) : undefined;
      if (joined) {
        run = joined;
        width += term.width;
        spaced ||= term.spaced === true;
        spaceOnly &&= term.spaceOnly === true;
        continue;
      }
      broken = true;
      closeRun();
      const required = asRequired(term);
      if (required) candidates.push(required);
      run = term.exact ?? [""];
      runLead = term.exact ? width : width + term.width;
      runSpaced = term.exact ? spaced : spaced || term.spaced === true;
      width += term.width;
      spaced ||= term.spaced === true;
      spaceOnly &&= term.spaceOnly === true;
    }
    closeRun();
    return {
      exact: broken ? undefined : run,
      required: best(candidates),
      all: candidates,
      width,
      spaced,
      spaceOnly,
      anchor,
    };
  }

  private quantified(atom: Info): Info {
    const rest = this.source.slice(this.i);
    const match = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(rest);
    if (!match) return atom;
    this.i += match[0].length;
    const min = match[1] === "+" ? 1 : match[1] ? 0 : Number(match[2]);
    const max = match[1] === "?"
      ? 1
      : match[1]
      ? Infinity
      : match[3]
      ? (match[4] ? Number(match[4]) : Infinity)
      : min;
    if (atom.zeroWidth) return atom.exact && min > 0 ? atom : EMPTY;
    const width = atom.width === 0 ? 0 : atom.width * max;
    const spacing = { width, spaced: atom.spaced, spaceOnly: atom.spaceOnly };
    if (min === 0) {
      return max === 1 && atom.exact ? { exact: unique(["", ...atom.exact]), ...spacing } : spacing;
    }
    if (min === 1 && max === 1) return atom;
    // The first repetition still holds the atom's anchor.
    return { required: asRequired(atom), ...spacing, anchor: min >= 1 ? atom.anchor : undefined };
  }

  private atom(): Info {
    const c = this.source[this.i++];
    if (c === "^") return START;
    if (c === "$") return EMPTY;
    if (c === ".") return ANY;
    if (c === "[") return this.characterClass();
    if (c === "(") return this.group();
    if (c === "\\") return this.escape();
    return character(c);
  }

  private group(): Info {
    const rest = this.source.slice(this.i);
    const opener = /^\?(?:[:=!]|<[=!]|<[A-Za-z_$][\w$]*>)/.exec(rest)?.[0] ?? "";
    this.i += opener.length;
    const inner = this.disjunction();
    if (this.source[this.i] !== ")") throw new Error("Unclosed group");
    this.i++;
    if (opener === "?=" || opener === "?<=") {
      return { exact: [""], required: asRequired(inner), zeroWidth: true, width: 0 };
    }
    if (opener === "?!" || opener === "?<!") return EMPTY;
    return inner;
  }

  private escape(): Info {
    const c = this.source[this.i++];
    if (c === "b" || c === "B") return EMPTY;
    if (c === "s") return SPACE;
    if (/[dDwWS]/.test(c)) return ANY;
    if (/[1-9k]/.test(c)) {
      // A back-reference: as long as what it repeats.
      if (c === "k") this.i = this.source.indexOf(">", this.i) + 1 || this.source.length;
      while (/[0-9]/.test(this.source[this.i] ?? "")) this.i++;
      return UNKNOWN;
    }
    const char = this.escapedChar(c);
    return char === undefined ? ANY : character(char);
  }

  /** The character an escape stands for, or undefined when it is not one fixed character. */
  private escapedChar(c: string): string | undefined {
    if (c in SIMPLE_ESCAPES && !(c === "0" && /[0-9]/.test(this.source[this.i] ?? ""))) {
      return SIMPLE_ESCAPES[c];
    }
    const hex = c === "x" ? /^[0-9a-fA-F]{2}/ : c === "u" ? /^[0-9a-fA-F]{4}/ : undefined;
    if (hex) {
      const digits = hex.exec(this.source.slice(this.i))?.[0];
      if (!digits) return undefined;
      this.i += digits.length;
      return String.fromCharCode(parseInt(digits, 16));
    }
    if (c === "c") return undefined;
    return /[A-Za-z0-9]/.test(c) ? undefined : c;
  }

  private characterClass(): Info {
    const negated = this.source[this.i] === "^";
    if (negated) this.i++;
    const chars = new Set<string>();
    let exact = !negated;
    let spaceOnly = !negated;
    let first = true;
    while (this.i < this.source.length && (this.source[this.i] !== "]" || first)) {
      first = false;
      if (this.source.startsWith("\\s", this.i)) {
        // `\s` in a class: whitespace, too many characters to list.
        this.i += 2;
        exact = false;
        continue;
      }
      const start = this.classChar();
      if (start === undefined) {
        exact = spaceOnly = false;
        continue;
      }
      if (this.source[this.i] === "-" && this.source[this.i + 1] !== "]" && this.i + 1 < this.source.length) {
        this.i++;
        const end = this.classChar();
        spaceOnly = false;
        if (end === undefined) {
          exact = false;
          continue;
        }
        const from = start.charCodeAt(0);
        const to = end.charCodeAt(0);
        if (to - from + 1 > MAX_CLASS_CHARS) exact = false;
        else for (let code = from; code <= to; code++) chars.add(String.fromCharCode(code));
      } else {
        chars.add(start);
        if (!WHITESPACE.test(start)) spaceOnly = false;
      }
    }
    this.i++;
    if (spaceOnly) return exact && chars.size > 0 ? { ...SPACE, exact: [...chars] } : SPACE;
    return exact && chars.size > 0 && chars.size <= MAX_CLASS_CHARS ? { exact: [...chars], width: 1 } : ANY;
  }

  /** One class member: a character, or undefined for a class escape like `\s`. */
  private classChar(): string | undefined {
    const c = this.source[this.i++];
    if (c !== "\\") return c;
    const next = this.source[this.i++];
    if (next === "b") return "\b";
    if (/[dDwWsS]/.test(next)) return undefined;
    return this.escapedChar(next);
  }
}
