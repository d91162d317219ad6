/** Typosquats with a misspelt head and a suffix (round 19): `reqeusts-http`, `axois-retry-helper`,
 * `djagno-rest-auth`. The lookalike check measures the whole name against popular names, so a suffix puts it far
 * from all of them, and the combosquat check wants the head spelt right. Here the head (the name before its first
 * `-`, `_` or `.`) is measured alone: one that is not itself popular but one or two edits from a popular package --
 * of this registry or the other big one (npm squatters copy PyPI's `requests`, PyPI squatters npm's names) --
 * escalates. Sources: Vu et al., "Typosquatting and combosquatting attacks on the Python ecosystem" (EuroS&PW 2020);
 * Socket and Phylum Research reports on npm typosquat campaigns (2023-2024); Checkmarx on PyPI typosquatting. */

import { type Ecosystem, isPopularPackage, popularNames, typosquatTarget } from "./package_lookalikes.ts";

/** Heads shorter than this collide honestly with popular names (`vite`, `koa`). */
const MIN_HEAD = 5;
const OTHER: Partial<Record<Ecosystem, Ecosystem>> = { npm: "pypi", pypi: "npm" };

const headOf = (name: string) => name.toLowerCase().split(/[-_.]/, 1)[0];
const popularHeads = new Map<Ecosystem, ReadonlySet<string>>();

/** Heads that popular packages of the ecosystem are themselves named with (`python-` of `python-dateutil`,
 * `python-multipart`): an established prefix, not a misspelling (round 23). */
function isPopularHead(ecosystem: Ecosystem, head: string): boolean {
  let heads = popularHeads.get(ecosystem);
  if (!heads) {
    heads = new Set([...popularNames(ecosystem)].filter((name) => /[-_.]/.test(name)).map(headOf));
    popularHeads.set(ecosystem, heads);
  }
  return heads.has(head);
}

/** The popular package a name's misspelt head imitates, or undefined. */
export function misspeltHeadTarget(ecosystem: Ecosystem, name: string): string | undefined {
  if (name.startsWith("@")) return undefined;
  const head = headOf(name);
  if (head.length < MIN_HEAD || head.length === name.length) return undefined;
  const other = OTHER[ecosystem];
  if (isPopularPackage(ecosystem, head) || (other && isPopularPackage(other, head))) return undefined;
  if (isPopularPackage(ecosystem, name) || isPopularHead(ecosystem, head)) return undefined;
  return typosquatTarget(ecosystem, head) ?? (other ? typosquatTarget(other, head) : undefined);
}
