/** Required literals of a regular expression: a set of strings at least one of which every match contains.
 * A rule whose literals are all absent from a text cannot match it, so its regex need not run. The analysis
 * is conservative: when unsure it returns no requirement (the rule always runs), never a wrong one. */

import { type Anchor, asRequired, type Info, Parser, score, unique } from "./regex_literal_parser.ts";

export type { Anchor } from "./regex_literal_parser.ts";

/** Literals one of which every match of `pattern` contains (lower-cased for `i`), or undefined when the
 * regex needs no particular literal (or uses syntax the analysis does not follow). */
export function requiredLiterals(pattern: RegExp): string[] | undefined {
  return requiredLiteralSets(pattern)?.[0];
}

const MAX_SETS = 4;

/** Literal sets every match of `pattern` needs all of: from each set, one literal occurs (best set first).
 * Several sets when the pattern is one sequence needing several things (`curl ... | sh`), else one. */
export function requiredLiteralSets(pattern: RegExp): string[][] | undefined {
  if (pattern.flags.includes("u") || pattern.flags.includes("v")) return undefined;
  try {
    return folded(pattern, setsOf(new Parser(pattern.source).parse()));
  } catch {
    return undefined;
  }
}

/** Per top-level alternative of `pattern`, the literal sets it needs all of: a match needs every set of some
 * alternative. Undefined when some alternative needs no literal. */
export function requiredLiteralBranches(pattern: RegExp): string[][][] | undefined {
  if (pattern.flags.includes("u") || pattern.flags.includes("v")) return undefined;
  try {
    const branches = new Parser(pattern.source).parseBranches().map(setsOf);
    if (branches.some((sets) => sets === undefined)) return undefined;
    return branches.map((sets) => folded(pattern, sets)!);
  } catch {
    return undefined;
  }
}

/** The best required set of an analysed node, then up to MAX_SETS - 1 more it also requires. */
function setsOf(info: Info): string[][] | undefined {
  const first = asRequired(info);
  if (!first) return undefined;
  const seen = new Set([first.join("\n")]);
  const others = (info.all ?? []).filter((set) => {
    const key = set.join("\n");
    if (set.length === 0 || set.includes("") || seen.has(key)) return false;
    seen.add(key);
    return true;
  }).sort((a, b) => score(b) - score(a)).slice(0, MAX_SETS - 1);
  return [first, ...others];
}

function folded(pattern: RegExp, sets: string[][] | undefined): string[][] | undefined {
  if (!sets || !pattern.flags.includes("i")) return sets;
  return sets.map((set) => unique(set.map((literal) => literal.toLowerCase())));
}

/** Per top-level alternative of `pattern`, literals one of which each of its matches holds at most `lead`
 * characters after the match starts (lower-cased for `i`): a match can only start just before one of them.
 * Undefined when some alternative has no such literal (an unbounded or unknown-width part comes first). */
export function anchorBranches(pattern: RegExp): Anchor[] | undefined {
  if (pattern.flags.includes("u") || pattern.flags.includes("v")) return undefined;
  try {
    const branches = new Parser(pattern.source).parseBranches();
    if (branches.some((branch) => branch.anchor === undefined)) return undefined;
    // With `m`, `^` also matches after each line break: not the start of the text only.
    if (pattern.flags.includes("m") && branches.some((branch) => branch.anchor!.atStart)) return undefined;
    return branches.map(({ anchor }) => ({
      literals: pattern.flags.includes("i")
        ? unique(anchor!.literals.map((l) => l.toLowerCase()))
        : anchor!.literals,
      lead: anchor!.lead,
      spaced: anchor!.spaced === true,
      atStart: anchor!.atStart === true,
    }));
  } catch {
    return undefined;
  }
}
