/** Package names judged against the most downloaded ones of npm, PyPI and crates.io (data/*.ts, each naming its
 * source): one or two edits away (a typosquat), a popular name dressed with an affix (a combosquat), one edit from a
 * less popular name; and the edit distance the other lookalike checks share. */

import { popularNpm } from "./data/popular_npm.ts";
import { popularPypi } from "./data/popular_pypi.ts";
import { POPULAR_CRATES } from "./data/popular_crates.ts";
import { POPULAR_NPX_TOOLS } from "./data/popular_more.ts";
import { type NameSet, PackedNames } from "./packed_names.ts";

export type Ecosystem = "npm" | "pypi" | "cargo";

/** How many of the most downloaded names a lookalike is compared with (the rest only count as popular). */
const TARGETS = 2000;

interface PopularList {
  /** The list's names in its order, then the npx tools (npm): what counts as popular. */
  all: PackedNames;
  targets: string[];
  /** Targets by length, so a name is compared only with names one or two characters longer or shorter. */
  byLength: Map<number, string[]>;
  /** Targets with separators removed (`cross-env` -> `crossenv`), to the target. */
  squashed: Map<string, string>;
  /** The popular names past the targets (their indices in `all`), by length: a name one edit from one of them
   * escalates. */
  allByLength: Map<number, Int32Array>;
}

/** Names shorter than this are not compared with the names past the targets (short names collide honestly). */
const FAR_MIN_LENGTH = 7;

const lists = new Map<Ecosystem, PopularList>();
function popular(ecosystem: Ecosystem): PopularList {
  let list = lists.get(ecosystem);
  if (!list) {
    const source = ecosystem === "npm" ? popularNpm() : ecosystem === "pypi" ? popularPypi() : POPULAR_CRATES;
    const raw = source.split(/\s+/).filter(Boolean);
    const names = raw.map((name) => normalName(ecosystem, name));
    const extra = ecosystem === "npm" ? POPULAR_NPX_TOOLS : [];
    // The list's own text when its names are already normal: then it is not held twice.
    const all = (names.every((name, i) =>
        name === raw[i]
      )
      ? PackedNames.fromText(source, extra)
      : undefined) ??
      PackedNames.of(names, extra);
    // Targets as slices of the packed text, so no string of the split above stays.
    const indices = [...names.keys()].slice(0, TARGETS).concat(extra.map((_, k) => names.length + k));
    const targets = indices.map((i) => all.name(i)).filter((target) => target.length >= 4);
    const byLength = new Map<number, string[]>();
    const squashed = new Map<string, string>();
    for (const target of targets) {
      const bucket = byLength.get(target.length);
      if (bucket) bucket.push(target);
      else byLength.set(target.length, [target]);
      const key = target.replace(/[-_.]/g, "");
      if (!squashed.has(key)) squashed.set(key, target);
    }
    const far = new Map<number, number[]>();
    for (let i = TARGETS; i < names.length; i++) {
      const length = names[i].length;
      if (length < FAR_MIN_LENGTH - 1) continue;
      const bucket = far.get(length);
      if (bucket) bucket.push(i);
      else far.set(length, [i]);
    }
    const allByLength = new Map([...far].map(([length, bucket]) => [length, Int32Array.from(bucket)]));
    list = { all, targets, byLength, squashed, allByLength };
    lists.set(ecosystem, list);
  }
  return list;
}

/** PyPI treats `-`, `_` and `.` alike and ignores case (PEP 503); npm and cargo names are lower case. */
export function normalName(ecosystem: Ecosystem, name: string): string {
  const lower = name.toLowerCase();
  return ecosystem === "pypi" ? lower.replace(/[-_.]+/g, "-") : lower;
}

/** Three rows of the distance table, reused (the check runs synchronously, one comparison at a time). */
let rowBuffers = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance between `a` and `b` (or its characters `from` to `to`, so a name packed in
 * a longer text is compared in place), stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number, from = 0, to = b.length): number {
  const length = to - from;
  if (Math.abs(a.length - length) > limit) return limit + 1;
  if (rowBuffers[0].length <= length) {
    rowBuffers = [0, 1, 2].map(() => new Int32Array(length * 2 + 1));
  }
  let [before, previous, row] = rowBuffers;
  for (let j = 0; j <= length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= length; j++) {
      const bj = b.charCodeAt(from + j - 1);
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(from + j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, before[j - 2] + 1);
      }
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[length];
}

const SQUAT_PREFIX = /^(?:python3?-|py-|node-|js-|npm-|pypi-)/;
const SQUAT_SUFFIX =
  /(?:-py|-python|-js|-node|-dev|-lib|-sdk|-utils|-tools|-official|-secure|-latest|-v?\d|\d|-next|-pro|-plus|-core)$/;
/** Round 71: the decorations combosquatted names are built from, past the affixes above (`colors-js-extended`,
 * `axios-fix`, `requests-patched`, `lodash-utils-latest`): versions and fixes (`-fix`, `-fixed`, `-patched`,
 * `-updated`, `-new`, `-modern`, `-v2`), grades (`-extended`, `-ext`, `-extra`, `-enhanced`, `-improved`, `-lite`,
 * `-light`, `-safe`), helpers (`-helper(s)`, `-wrapper`, `-toolkit`). Any number of them is peeled off the end,
 * after the one language or registry prefix: a popular name under one or more of them that is not itself a popular
 * package is a combosquat. Sources: Phylum, Socket and ReversingLabs write-ups of combosquatted npm/PyPI packages
 * (`colors-js`-style names, `-fix`/`-patched` lures after maintainer sabotage and takeovers). */
const DECORATION = new Set(
  `py python python3 js node dev lib sdk utils util tools official secure latest next pro plus core extended ext
  extra fix fixed patched updated new modern lite light safe enhanced improved helper helpers wrapper toolkit`
    .split(/\s+/),
);
const VERSION_WORD = /^v?\d+$/;

/** The name with every decoration word peeled off its end (none when a word is no decoration). */
function peeledDecorations(normal: string): string {
  let bare = normal;
  for (let guard = 0; guard < 6; guard++) {
    const tail = /[-_.]([a-z0-9]+)$/.exec(bare);
    if (!tail || tail.index === 0 || !(DECORATION.has(tail[1]) || VERSION_WORD.test(tail[1]))) break;
    bare = bare.slice(0, tail.index);
  }
  return bare;
}

/** A popular name dressed with an affix that is not itself a popular package (`python-requests`, `lodash-js`,
 * `requests2`, round 71: `colors-js-extended`, `axios-fix`): a combosquat, escalated rather than blocked (some are
 * honest packages). */
export function combosquatTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (list.all.has(normal) || normal.startsWith("@")) return undefined;
  const isTarget = (bare: string) =>
    bare !== normal && bare.length >= 4 && list.byLength.get(bare.length)?.includes(bare) === true;
  const bare = normal.replace(SQUAT_PREFIX, "").replace(SQUAT_SUFFIX, "");
  if (isTarget(bare)) return bare;
  const peeled = peeledDecorations(normal.replace(SQUAT_PREFIX, ""));
  return isTarget(peeled) ? peeled : undefined;
}

const farVerdicts = new Map<string, string | null>();

/** The less popular package (past the most downloaded 2,000, so `electorn` for `electron`) a name is one edit
 * from: too many honest names sit near them to block, so a human sees the install. */
export function farLookalikeTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (normal.length < FAR_MIN_LENGTH || list.all.has(normal)) return undefined;
  const key = `${ecosystem}:${normal}`;
  const known = farVerdicts.get(key);
  if (known !== undefined) return known ?? undefined;
  const { all } = list;
  let found: string | undefined;
  for (let length = normal.length - 1; length <= normal.length + 1 && !found; length++) {
    const index = list.allByLength.get(length)?.find((i) =>
      editDistance(normal, all.text, 1, all.startOf(i), all.endOf(i)) <= 1
    );
    if (index !== undefined) found = all.name(index);
  }
  if (farVerdicts.size >= MAX_VERDICTS) farVerdicts.clear();
  farVerdicts.set(key, found ?? null);
  return found;
}

/** Whether the name is one of the ecosystem's popular packages. */
export function isPopularPackage(ecosystem: Ecosystem, name: string): boolean {
  return popular(ecosystem).all.has(normalName(ecosystem, name));
}

const verdicts = new Map<string, string | null>();
const MAX_VERDICTS = 4096;

/** The popular package a name imitates, or undefined (popular names and distant names imitate nothing).
 * Answers are remembered by name (bounded): agents install and mention the same names again and again. */
export function typosquatTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const key = `${ecosystem}:${name}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known ?? undefined;
  const target = findTarget(ecosystem, name);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(key, target ?? null);
  return target;
}

function findTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (list.all.has(normal) || normal.length < 4) return undefined;
  const squashed = list.squashed.get(normal.replace(/[-_.]/g, ""));
  if (squashed) return squashed;
  const limit = normal.length >= 9 ? 2 : 1;
  for (let length = normal.length - limit; length <= normal.length + limit; length++) {
    for (const target of list.byLength.get(length) ?? []) {
      if (editDistance(normal, target, limit) <= limit) return target;
    }
  }
  return undefined;
}

/** The ecosystem's popular names, normalised. */
export function popularNames(ecosystem: Ecosystem): NameSet {
  return popular(ecosystem).all;
}
