/** Installs and pins of releases attackers published under real names (`npm install ua-parser-js@0.7.29`,
 * `ctx==0.2.6` in requirements.txt, `"@solana/web3.js": "1.95.6"` in package.json) BLOCK: the version itself is
 * the malware. Actions whose tags were repointed by an attacker, used by a tag rather than a commit, escalate. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs, type ProgramSet } from "./programs.ts";
import { looksOnly } from "./known_bad_pins.ts";
import {
  COMPROMISED_CRATES,
  COMPROMISED_GEMS,
  COMPROMISED_GO,
  COMPROMISED_NPM,
  COMPROMISED_PYPI,
  REPOINTED_ACTIONS,
} from "./data/compromised_releases.ts";

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
const CRATES = table(COMPROMISED_CRATES);
const GEMS = table(COMPROMISED_GEMS);
const GO = table(COMPROMISED_GO);

/** How a registry's installers name a release: `name@version` (npm, scoped names too; cargo; go), `name==version`
 * (PyPI), or the name with its version in an option (`gem install x -v 1.6.13`, `cargo install x --version 0.1.4`). */
type Spelling = "at" | "equals" | "option";
interface Ecosystem {
  tools: ProgramSet;
  releases: Map<string, Set<string>>;
  spelling: Spelling;
}

const ECOSYSTEMS: readonly Ecosystem[] = [
  { tools: programs(/^(?:npm|pnpm|yarn|bun|npx|pnpx|bunx)$/), releases: NPM, spelling: "at" },
  { tools: programs(/^(?:pip[0-9.]*|uv|poetry|pipx|pdm|rye)$/), releases: PYPI, spelling: "equals" },
  { tools: programs(/^cargo$/), releases: CRATES, spelling: "at" },
  { tools: programs(/^go$/), releases: GO, spelling: "at" },
  { tools: programs(/^(?:gem|bundle)$/), releases: GEMS, spelling: "option" },
];
const VERSION_OPTIONS = new Set(["-v", "--version", "--vers"]);

function bad(map: Map<string, Set<string>>, name: string, version: string | undefined): boolean {
  const versions = map.get(name.toLowerCase());
  if (!versions) return false;
  return versions.has("*") || (version !== undefined && versions.has(version.replace(/^[v=^~]+/, "")));
}

/** `name@version` or `name==version`, and bare names. */
function releaseOf(arg: string, spelling: Spelling): [string, string | undefined] {
  if (spelling === "at") {
    const at = arg.lastIndexOf("@");
    return at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, undefined];
  }
  const match = /^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?(?:==([\w.+-]+))?$/.exec(arg);
  return match ? [match[1], match[2]] : [arg, undefined];
}

/** Whether judgeCompromisedInstalls looks at a segment of `program` (its loop starts with this test). */
export const installsReleasesWith = (program: string): boolean =>
  ECOSYSTEMS.some((ecosystem) => ecosystem.tools.has(program));

export function judgeCompromisedInstalls(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const ecosystem = ECOSYSTEMS.find((each) => each.tools.has(segment.program));
    // `npm ls debug@4.4.2`, `npm view chalk@5.6.1`: checking whether a project is hit installs nothing (round 65).
    if (!ecosystem || looksOnly(segment)) continue;
    const words = segment.argv.slice(1, 32);
    for (const [index, arg] of words.entries()) {
      if (arg.startsWith("-") || VERSION_OPTIONS.has(words[index - 1] ?? "")) continue;
      const [name, written] = releaseOf(arg, ecosystem.spelling);
      // A version given in an option after the name (`gem install rest-client -v 1.6.13`).
      const option = VERSION_OPTIONS.has(words[index + 1] ?? "") ? words[index + 2] : undefined;
      if (bad(ecosystem.releases, name, written ?? option)) {
        findings.block(
          "install",
          `installs "${arg}${option && !written ? ` ${option}` : ""}", a release attackers published`,
        );
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
/** `name = "0.1.4"` or `name = { version = "0.1.4", ... }` in a Cargo.toml, for every listed crate. */
const CRATE_PIN = new RegExp(
  `^[ \\t]*(${
    alternation(CRATES)
  })[ \\t]*=[ \\t]*(?:"[~^=]?([^"]+)"|\\{[^}\\n]*\\bversion[ \\t]*=[ \\t]*"[~^=]?([^"]+)")`,
  "gim",
);

function pinned(text: string, pattern: RegExp, map: Map<string, Set<string>>): string | undefined {
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    const versions = map.get(match[1].toLowerCase());
    const version = match[2] ?? match[3];
    if (versions && (versions.has("*") || (version !== undefined && versions.has(version)))) {
      return version ? `${match[1]}${map === PYPI ? "==" : "@"}${version}` : match[1];
    }
  }
  return undefined;
}

/** Files that pin releases or actions: manifests (Cargo.toml too, round 53), requirement and constraint files, YAML workflows. */
export const PINNING_FILE =
  /(?:^|\/)(?:package\.json|[\w.-]*requirements[\w.-]*\.(?:txt|in)|constraints[\w.-]*\.txt|pyproject\.toml|Cargo\.toml|Pipfile|setup\.cfg|[\w.-]+\.ya?ml)$/i;

/** Manifests, requirement files and workflows that pin such a release or use a repointed action by tag. */
export function judgeCompromisedPins(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 512 * 1024) continue;
    const manifest = text.includes("ependencies") || text.includes('"overrides"') ||
      text.includes('"resolutions"');
    const requirements = [...PYPI.keys()].some((name) => text.includes(name));
    const release = (manifest ? pinned(text, NPM_PIN, NPM) ?? pinned(text, CRATE_PIN, CRATES) : undefined) ??
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
