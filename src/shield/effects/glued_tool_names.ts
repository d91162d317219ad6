/** npm names an assistant invents by gluing a popular framework's name to a real tool's (round 42):
 * `react-codeshift` for Facebook's `jscodeshift`, `express-beautify` for `js-beautify`, `next-codeshift` -- the
 * framework the user works in, then the tool's name with its `js` affix dropped. Such a stem is no package of its
 * own (`codeshift`, `beautify`), so the glued name is one nobody maintains, registrable by whoever reads the
 * model's suggestions (slopsquatting). Heads are the 2,000 most downloaded names; the stem must come from a popular
 * `jsNAME`, `NAMEjs` or `js-NAME` and be no popular name itself (`react-cookie` from `js-cookie` passes: `cookie` is
 * one). Taken off the 10,000-name list one at a time, one popular name is flagged (`vfile-message`). The verdict is a
 * prompt. Sources: Spracklen et al., "We Have a Package for You!" (USENIX Security 2025); Socket and Aikido on
 * slopsquatting (2025). */

import { popularNpm } from "./data/popular_npm.ts";
import { popularNames } from "./package_lookalikes.ts";

const HEADS = 2000;
const MIN_STEM = 4;

interface GluedLists {
  heads: Set<string>;
  /** A tool's stem (`codeshift`) to the tool (`jscodeshift`). */
  stems: Map<string, string>;
}

let lists: GluedLists | undefined;

function gluedLists(): GluedLists {
  if (lists) return lists;
  const names = popularNpm().split(/\s+/).filter(Boolean);
  const popular = popularNames("npm");
  const stems = new Map<string, string>();
  for (const name of names) {
    if (name.startsWith("@") || name.includes(".")) continue;
    const stem = name.startsWith("js-")
      ? name.slice(3)
      : /^js(?!on)[a-z0-9]/.test(name) && !name.includes("-")
      ? name.slice(2)
      : /[a-z0-9]js$/.test(name) && !name.includes("-")
      ? name.slice(0, -2)
      : undefined;
    if (stem && stem.length >= MIN_STEM && !popular.has(stem) && !stems.has(stem)) stems.set(stem, name);
  }
  lists = { heads: new Set(names.slice(0, HEADS)), stems };
  return lists;
}

/** The popular tool an unpopular `framework-stem` npm name glues to a framework's name, or undefined. */
export function gluedToolTarget(name: string): string | undefined {
  const lower = name.toLowerCase();
  const dash = lower.indexOf("-");
  if (dash < 3 || lower.startsWith("@") || lower.indexOf("-", dash + 1) !== -1) return undefined;
  if (popularNames("npm").has(lower)) return undefined;
  const { heads, stems } = gluedLists();
  return heads.has(lower.slice(0, dash)) ? stems.get(lower.slice(dash + 1)) : undefined;
}
