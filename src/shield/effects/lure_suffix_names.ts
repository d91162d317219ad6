/** Long invented names that start with a popular package and end in an upgrade word (round 48): `npm install
 * react-native-fast-config-loader-pro`, `pip install django-rest-auth-helpers-plus`: a popular head, two or more
 * descriptive words an assistant strings together, then `-pro`, `-plus`, `-premium`, `-ultra`, `-official`,
 * `-advanced`, `-enhanced` or `-free`, the names the slopsquatting studies saw models invent and attackers register.
 * Measured on the shipped lists: none of the 10,000 popular npm and 8,000 PyPI names of four words or more is so built
 * (with three words, three are: `rehype-prism-plus`, `highcharts-react-official`, `cssnano-preset-advanced`, so
 * three-word names pass; one affix on a popular name is the combosquat check's). Names that are popular pass.
 * Sources: Spracklen et al., "We Have a Package for You!" (USENIX Security 2025); Socket and Aikido on
 * slopsquatting (2025). */

import { type Ecosystem, normalName, popularNames } from "./package_lookalikes.ts";

const UPGRADE_WORDS = new Set([
  "pro",
  "plus",
  "premium",
  "ultra",
  "official",
  "advanced",
  "enhanced",
  "free",
]);
const MIN_WORDS = 4;
const MIN_HEAD = 5;

/** The popular package a long name with an upgrade word at its end starts with, or undefined. */
export function lureSuffixTarget(ecosystem: Ecosystem, name: string): string | undefined {
  if (name.startsWith("@")) return undefined;
  const normal = normalName(ecosystem, name);
  const popular = popularNames(ecosystem);
  if (popular.has(normal)) return undefined;
  const words = normal.split(/[-_.]/);
  if (words.length < MIN_WORDS || words.length > 12 || !UPGRADE_WORDS.has(words[words.length - 1])) {
    return undefined;
  }
  // Heads end at a separator, as written (`socket.io-...` keeps its dot).
  const ends = [...normal.matchAll(/[-_.]/g)].map((match) => match.index);
  for (let count = words.length - 3; count >= 1; count--) {
    const head = normal.slice(0, ends[count - 1]);
    if (head.length >= MIN_HEAD && popular.has(head)) return head;
  }
  return undefined;
}
