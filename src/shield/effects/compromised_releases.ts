/** Installs and pins of releases attackers published under real names (`npm install ua-parser-js@0.7.29`,
 * `ctx==0.2.6` in requirements.txt, `"@solana/web3.js": "1.95.6"` in package.json) BLOCK: the version itself is
 * the malware. Actions whose tags were repointed by an attacker, used by a tag rather than a commit, escalate. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { COMPROMISED_NPM, COMPROMISED_PYPI, REPOINTED_ACTIONS } from "./data/compromised_releases.ts";

function table(text: string): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const entry of text.split(/[|\n]/)) {
    const [name, ...versions] = entry.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), new Set(versions));
  }
  return map;
}

const NPM = table(COMPROMISED_NPM);
const PYPI = table(COMPROMISED_PYPI);
const NPM_TOOLS = /^(?:npm|pnpm|yarn|bun|npx|pnpx|bunx)$/;
const PYPI_TOOLS = /^(?:pip[0-9.]*|uv|poetry|pipx|pdm|rye)$/;

function bad(map: Map<string, Set<string>>, name: string, version: string | undefined): boolean {
  const versions = map.get(name.toLowerCase());
  if (!versions) return false;
  return versions.has("*") || (version !== undefined && versions.has(version.replace(/^[v=^~]+/, "")));
}

/** `name@version` (npm, scoped names too) or `name==version` (PyPI), and bare names. */
function releaseOf(arg: string, npm: boolean): [string, string | undefined] {
  if (npm) {
    const at = arg.lastIndexOf("@");
    return at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, undefined];
  }
  const match = /^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?(?:==([\w.+-]+))?$/.exec(arg);
  return match ? [match[1], match[2]] : [arg, undefined];
}

export function judgeCompromisedInstalls(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const npm = NPM_TOOLS.test(segment.program);
    if (!npm && !PYPI_TOOLS.test(segment.program)) continue;
    for (const arg of segment.argv.slice(1, 32)) {
      if (arg.startsWith("-")) continue;
      const [name, version] = releaseOf(arg, npm);
      if (bad(npm ? NPM : PYPI, name, version)) {
        findings.block("install", `installs "${arg}", a release attackers published`);
        return;
      }
    }
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Manifests, requirement files and workflows that pin such a release or use a repointed action by tag. */
export function judgeCompromisedPins(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 512 * 1024) continue;
    for (const [name, versions] of NPM) {
      if (!text.includes(`"${name}"`)) continue;
      const pinned = new RegExp(`"${escape(name)}"\\s*:\\s*"[~^=v]?([^"]+)"`).exec(text)?.[1];
      if (pinned !== undefined && (versions.has("*") || versions.has(pinned))) {
        findings.block("install", `pins "${name}@${pinned}", a release attackers published`);
        return;
      }
    }
    for (const [name, versions] of PYPI) {
      if (!text.toLowerCase().includes(name)) continue;
      const pinned = new RegExp(`^\\s*${escape(name)}\\s*(?:==\\s*([\\w.+-]+))?\\s*$`, "im").exec(text);
      if (pinned && (versions.has("*") || (pinned[1] !== undefined && versions.has(pinned[1])))) {
        findings.block(
          "install",
          `pins "${name}${pinned[1] ? `==${pinned[1]}` : ""}", a release attackers published`,
        );
        return;
      }
    }
    for (const action of REPOINTED_ACTIONS) {
      const ref = new RegExp(`uses:\\s*["']?${escape(action)}@([^\\s"'#]+)`).exec(text)?.[1];
      if (ref !== undefined && !/^[0-9a-f]{40}$/.test(ref)) {
        findings.escalate("install", `uses "${action}@${ref}", an action whose tags an attacker repointed`);
        return;
      }
    }
  }
}
