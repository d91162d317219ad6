/** Installs and pins of releases attackers published under real names (`npm install ua-parser-js@0.7.29`,
 * `ctx==0.2.6` in requirements.txt, `"@solana/web3.js": "1.95.6"` in package.json) BLOCK: the version itself is
 * the malware. Actions whose tags were repointed by an attacker, used by a tag rather than a commit, escalate. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs } from "./programs.ts";
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
const NPM_TOOLS = programs(/^(?:npm|pnpm|yarn|bun|npx|pnpx|bunx)$/);
const PYPI_TOOLS = programs(/^(?:pip[0-9.]*|uv|poetry|pipx|pdm|rye)$/);

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

/** Whether judgeCompromisedInstalls looks at a segment of `program` (its loop starts with this test). */
export const installsReleasesWith = (program: string): boolean =>
  NPM_TOOLS.has(program) || PYPI_TOOLS.has(program);

export function judgeCompromisedInstalls(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!installsReleasesWith(segment.program)) continue;
    const npm = NPM_TOOLS.has(segment.program);
    if (!npm && !PYPI_TOOLS.has(segment.program)) continue;
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
const alternation = (map: Map<string, Set<string>>) => [...map.keys()].map(escape).join("|");
/** `"name": "^1.2.3"` in a manifest, for every listed npm name in one pass. */
const NPM_PIN = new RegExp(`"(${alternation(NPM)})"\\s*:\\s*"[~^=v]?([^"]+)"`, "g");
/** `name==1.2.3` (or the bare name) on its own line of a requirements file, for every listed PyPI name. */
const PYPI_PIN = new RegExp(`^[ \\t]*(${alternation(PYPI)})[ \\t]*(?:==[ \\t]*([\\w.+-]+))?[ \\t]*$`, "gim");

function pinned(text: string, pattern: RegExp, map: Map<string, Set<string>>): string | undefined {
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    const versions = map.get(match[1].toLowerCase());
    if (versions && (versions.has("*") || (match[2] !== undefined && versions.has(match[2])))) {
      return match[2] ? `${match[1]}${map === NPM ? "@" : "=="}${match[2]}` : match[1];
    }
  }
  return undefined;
}

/** Files that pin releases or actions: manifests, requirement and constraint files, YAML workflows. */
export const PINNING_FILE =
  /(?:^|\/)(?:package\.json|[\w.-]*requirements[\w.-]*\.(?:txt|in)|constraints[\w.-]*\.txt|pyproject\.toml|Pipfile|setup\.cfg|[\w.-]+\.ya?ml)$/i;

/** Manifests, requirement files and workflows that pin such a release or use a repointed action by tag. */
export function judgeCompromisedPins(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 512 * 1024) continue;
    const manifest = text.includes("ependencies") || text.includes('"overrides"') ||
      text.includes('"resolutions"');
    const requirements = [...PYPI.keys()].some((name) => text.includes(name));
    const release = (manifest ? pinned(text, NPM_PIN, NPM) : undefined) ??
      (requirements ? pinned(text, PYPI_PIN, PYPI) : undefined);
    if (release) {
      findings.block("install", `pins "${release}", a release attackers published`);
      return;
    }
    for (const action of text.includes("uses:") ? REPOINTED_ACTIONS : []) {
      const ref = new RegExp(`uses:\\s*["']?${escape(action)}@([^\\s"'#]+)`).exec(text)?.[1];
      if (ref !== undefined && !/^[0-9a-f]{40}$/.test(ref)) {
        findings.escalate("install", `uses "${action}@${ref}", an action whose tags an attacker repointed`);
        return;
      }
    }
  }
}
