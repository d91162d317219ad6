/** Names that borrow a popular package's stem with another suffix (`huggingface-cli` beside `huggingface-hub`)
 * or fold a popular scope into one name (`anthropic-claude-code` for `@anthropic-ai/claude-code`): the shapes
 * hallucinated package names take, which attackers register (slopsquatting). Escalated: some are honest. */

import type { NameSet } from "./packed_names.ts";

const AFFIXES = new Set([
  "cli",
  "sdk",
  "client",
  "api",
  "hub",
  "core",
  "tools",
  "utils",
  "helper",
  "helpers",
  "js",
  "py",
  "lib",
]);
const stemsByList = new WeakMap<NameSet, Map<string, string>>();

/** Popular names keyed by what a lookalike would be built from: `stem` for `stem-affix`, `scope-name` for scoped. */
function stemsOf(popular: NameSet): Map<string, string> {
  let stems = stemsByList.get(popular);
  if (stems) return stems;
  stems = new Map();
  for (const name of popular) {
    const scoped = /^@([\w.-]+)\/([\w.-]+)$/.exec(name);
    if (scoped) {
      const scope = scoped[1].replace(/[-_.](?:ai|js|io|dev|hq|inc|labs|org|team)$/, "");
      stems.set(`=${scope}-${scoped[2]}`, name);
      continue;
    }
    const dash = name.lastIndexOf("-");
    if (dash >= 6 && AFFIXES.has(name.slice(dash + 1))) stems.set(name.slice(0, dash), name);
  }
  stemsByList.set(popular, stems);
  return stems;
}

/** The popular package whose stem `stem` is (`huggingface` of `huggingface-hub`), if any. */
export function stemTarget(stem: string, popular: NameSet): string | undefined {
  return stemsOf(popular).get(stem);
}

/** The popular package `name` (not itself popular) is a sibling or scope-folded lookalike of. */
export function siblingTarget(name: string, popular: NameSet): string | undefined {
  if (popular.has(name) || name.startsWith("@")) return undefined;
  const stems = stemsOf(popular);
  const folded = stems.get(`=${name}`);
  if (folded) return folded;
  const dash = name.lastIndexOf("-");
  if (dash < 6 || !AFFIXES.has(name.slice(dash + 1))) return undefined;
  return stems.get(name.slice(0, dash));
}
