/** In-place substitutions read as edits (round 47): `sed -i 's/verify=True/verify=False/g' src/**\/*.py`,
 * `perl -pi -e 's/^(\s*)has_secure_password/$1# has_secure_password/' app/models/user.rb` change files as an edit
 * tool's old and new strings do, so the written-code checks of `bypassed_safeguards.ts` judge them the same way:
 * the pattern, its regex syntax taken out, is the replaced text; the replacement, each back-reference (`\1`, `$1`,
 * `&`) given back the text its group matched, the written one; sed's `/regex/d` writes nothing in place of the
 * lines it matches. A script whose pattern or replacement no longer reads
 * as text (character classes, alternations) gives what is left of it: the checks then see less, never more.
 * Sources: GNU sed manual (`s` command, back-references, `-E`); perlrun (`-p -i -e`); perlre (capture groups). */

import type { Segment } from "../shell_parser.ts";
import { splitUnescaped } from "./tests_by_command.ts";
import { matchesOf } from "../match_all.ts";

const IN_PLACE_EDITORS = new Set(["sed", "gsed", "perl"]);
const IN_PLACE = /^-[a-zA-Z0-9]*i|^--in-place/;
const SUBSTITUTE = /(?:^|[;\s\d$}])s([^\w\s\\])/g;
/** sed's `/regex/d`: the lines matching deleted. */
const DELETE = /(?:^|;)\s*\/((?:[^/\\]|\\.)+)\/\s*d\s*(?=;|$)/g;
/** Options of sed and perl that take the next word as their value (`-e` is read apart). */
const VALUED = /^(?:-[fl]|--file|--line-length)$/;

/** The path given to a substitution whose files another command names (`grep -rl ... | xargs sed -i ...`). */
export const NAMED_AROUND = "(files named by the command around it)";

/** One substitution read as an edit of `paths`. */
export interface SubstitutedEdit {
  paths: string[];
  removed: string;
  written: string;
}

/** The text a regex matches when read literally: anchors, groups, quantified wildcards and escapes taken out. */
function literalOf(pattern: string): string {
  return pattern
    .replace(/\\[sS][*+?]?|\[\[:space:\]\][*+?]?/g, " ")
    .replace(/\\[()|{}]|\(\?:|[()]/g, "")
    .replace(/\.[*+?]|\\[bBwWdD][*+?]?|^\^|\$$/g, "")
    .replace(/\\([^\w\s])/g, "$1")
    .replace(/ {2,}/g, " ");
}

/** The groups of a pattern, in order: BRE `\(...\)` when it has any, else ERE or Perl `(...)` (not `(?:`). */
function groupsOf(pattern: string): string[] {
  const bre = [...pattern.matchAll(/\\\(((?:[^\\]|\\[^)])*?)\\\)/g)].map((match) => match[1]);
  if (bre.length > 0) return bre;
  return [...pattern.matchAll(/(?<!\\)\((?!\?)((?:[^()\\]|\\.)*)\)/g)].map((match) => match[1]);
}

/** The replacement with its back-references given back their groups' literal text, `\n` and `\t` read as breaks. */
function writtenOf(pattern: string, replacement: string, perl: boolean): string {
  const groups = groupsOf(pattern).map(literalOf);
  const whole = literalOf(pattern);
  const backref = perl ? /\$\{?(\d)\}?|\$&|\\(\d)/g : /\\(\d)|(?<!\\)&/g;
  return replacement
    .replace(backref, (match, first?: string, second?: string) => {
      const number = Number(first ?? second);
      if (match === "&" || match === "$&" || number === 0) return whole;
      return groups[number - 1] ?? "";
    })
    .replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\([^\w\s])/g, "$1");
}

/** The substitutions of one in-place sed or perl command, as edits of its file arguments. */
export function substitutedEdits(segment: Segment): SubstitutedEdit[] {
  if (!IN_PLACE_EDITORS.has(segment.program)) return [];
  const args = segment.argv.slice(1);
  if (!args.some((word) => IN_PLACE.test(word))) return [];
  const perl = segment.program === "perl";
  const scripts: string[] = [];
  const paths: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const word = args[at];
    if (word === "-e" || word === "--expression" || /^-[a-zA-Z0-9]*e$/.test(word) && perl) {
      if (args[at + 1] !== undefined) scripts.push(args[++at]);
    } else if (word.startsWith("--expression=")) scripts.push(word.slice("--expression=".length));
    else if (VALUED.test(word)) at++;
    else if (word.startsWith("-")) continue;
    else if (scripts.length === 0 && !perl) scripts.push(word);
    else paths.push(word);
  }
  // Under `xargs` or `find -exec` the files come from the command around it: their names are not known here.
  if (paths.length === 0 && segment.depth === 0) return [];
  if (paths.length === 0) paths.push(NAMED_AROUND);
  const edits: SubstitutedEdit[] = [];
  for (const script of scripts.slice(0, 8)) {
    for (const match of matchesOf(SUBSTITUTE, script)) {
      const rest = script.slice(match.index + match[0].length);
      const [pattern, replacement] = splitUnescaped(rest, match[1], 2);
      if (replacement === undefined) continue;
      edits.push({ paths, removed: literalOf(pattern), written: writtenOf(pattern, replacement, perl) });
    }
    if (perl) continue;
    for (const match of matchesOf(DELETE, script)) {
      edits.push({ paths, removed: literalOf(match[1]), written: "" });
    }
  }
  return edits;
}

/** The test the command judge's segment loop starts with (a gate of `bypassed_safeguards.ts`). */
export const substitutesWith = (program: string): boolean => IN_PLACE_EDITORS.has(program);
