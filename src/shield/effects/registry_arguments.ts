/** A package registry repointed to a lookalike of the official one through a tool's arguments (round 48): an MCP
 * docs tool with `registry_override: "https://registry.npmjs-mirror.org/"` or `post_install: "npm config set
 * registry ..."`, a setup tool's step `pip config set global.index-url https://pypi-org.pkg-cdn.net/simple`, an
 * `extra_index_url`, an `npmrc` text. The host wears the official registry's name (`npmjs`, `yarnpkg`, `pypi`,
 * `pythonhosted`, `rubygems`, `crates`, `nuget`, `packagist`) without being it, so every later install comes from
 * whoever holds it. Commands that set a registry were judged already (`config_files.ts`); this reads the arguments
 * of any other tool. The official hosts and other registries (`npm.pkg.github.com`, a company's mirror) pass here.
 * Sources: npm docs, registry config; pip docs, index-url; Invariant Labs on MCP tool poisoning (2025); Birsan,
 * dependency confusion (2021). */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const REGISTRY_KEY = /regist|index|mirror|npmrc|pip[_-]?conf|feed|package[_-]?source|pypi|npm/i;
const REGISTRY_ORDER =
  /config\s+set\s+(?:global\.)?(?:registry|(?:extra-)?index-url)|--(?:extra-)?index-url|--registry|(?:^|\n)\s*registry\s*=|index-url\s*=/i;
const URLS = /https?:\/\/([a-z0-9.-]+)/gi;
const BRANDS = /npmjs|yarnpkg|pypi|pythonhosted|rubygems|crates|nuget|packagist/;
const OFFICIAL = [
  "npmjs.org",
  "npmjs.com",
  "yarnpkg.com",
  "pypi.org",
  "pythonhosted.org",
  "python.org",
  "rubygems.org",
  "crates.io",
  "nuget.org",
  "packagist.org",
];

/** The official registry `host` imitates: it carries a brand and is none of the official hosts. */
export function imitatedRegistry(host: string): string | undefined {
  const lower = host.toLowerCase().replace(/\.$/, "");
  const brand = BRANDS.exec(lower)?.[0];
  if (!brand) return undefined;
  if (OFFICIAL.some((official) => lower === official || lower.endsWith(`.${official}`))) return undefined;
  return brand;
}

/** String values with their keys, three levels deep. */
function keyedStrings(value: unknown, key: string, out: Array<[string, string]>, depth: number): void {
  if (out.length >= 64) return;
  if (typeof value === "string") out.push([key, value]);
  else if (Array.isArray(value) && depth < 3) {
    for (const item of value.slice(0, 32)) keyedStrings(item, key, out, depth + 1);
  } else if (value && typeof value === "object" && depth < 3) {
    for (const [inner, item] of Object.entries(value).slice(0, 32)) keyedStrings(item, inner, out, depth + 1);
  }
}

export function judgeRegistryArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const strings: Array<[string, string]> = [];
  keyedStrings(payload, "", strings, 0);
  for (const [key, value] of strings) {
    if (!value.includes("://")) continue;
    const text = value.slice(0, 4096);
    if (!REGISTRY_KEY.test(key) && !REGISTRY_ORDER.test(text)) continue;
    for (const match of matchesOf(URLS, text)) {
      const brand = imitatedRegistry(match[1]);
      if (!brand) continue;
      findings.escalate(
        "install",
        `"${tool}" points package installs at "${match[1]}", which imitates ${brand}`,
      );
      return;
    }
  }
}
