/** Installs outside the npm, PyPI and crates.io paths of supply_chain.ts: RubyGems, Go modules, Composer, NuGet
 * and VS Code extensions checked against hand-picked popular names (a lookalike BLOCKs); third-party sources
 * (apt PPAs, repositories and keys, Homebrew taps, Helm repositories, manifests applied from a URL) ESCALATE;
 * an extra index beside the default one for names that are not popular ESCALATEs (dependency confusion). */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { editDistance, isPopularPackage } from "./package_lookalikes.ts";
import {
  POPULAR_COMPOSER,
  POPULAR_GEMS,
  POPULAR_GO_MODULES,
  POPULAR_NUGET,
  POPULAR_VSCODE,
} from "./data/popular_more.ts";
import { programs } from "./programs.ts";
import { imitatedExtension } from "./editor_extensions.ts";

/** The popular name `name` imitates: one or two edits away (one for short names), or for `owner/name` and
 * `publisher.name` the same name under a near owner. Popular names and unrelated names imitate nothing. */
export function imitates(name: string, popular: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 4 || popular.some((known) => known.toLowerCase() === lower)) return undefined;
  const limit = lower.length >= 9 ? 2 : 1;
  return popular.find((known) => editDistance(lower, known.toLowerCase(), limit) <= limit);
}

interface Registry {
  program: RegExp;
  verb: RegExp;
  popular: readonly string[];
  what: string;
}

const REGISTRIES: Registry[] = [
  { program: /^gem$/, verb: /^install$/, popular: POPULAR_GEMS, what: "gem" },
  { program: /^bundle$/, verb: /^add$/, popular: POPULAR_GEMS, what: "gem" },
  { program: /^go$/, verb: /^(?:install|get)$/, popular: POPULAR_GO_MODULES, what: "Go module" },
  { program: /^composer$/, verb: /^require$/, popular: POPULAR_COMPOSER, what: "Composer package" },
  { program: /^(?:dotnet|nuget)$/, verb: /^(?:add|install)$/, popular: POPULAR_NUGET, what: "NuGet package" },
  {
    program: /^(?:code|code-insiders|codium|cursor|windsurf)$/,
    verb: /^--install-extension$/,
    popular: POPULAR_VSCODE,
    what: "extension",
  },
];

function judgeRegistryInstall(segment: Segment, findings: Findings): void {
  const program = basename(segment.argv[0] ?? "");
  for (const registry of REGISTRIES) {
    if (!registry.program.test(program)) continue;
    const at = segment.argv.findIndex((arg, index) => index > 0 && registry.verb.test(arg));
    if (at < 0) continue;
    const names = segment.argv.slice(at + 1).filter((arg) => !arg.startsWith("-") && arg !== "package")
      .map((arg) => arg.replace(/@[^/]*$/, "").replace(/:.*$/, ""));
    for (const [index, name] of names.slice(0, 8).entries()) {
      // An extension is also read for a lure suffix and a near publisher (round 34).
      const target = imitates(name, registry.popular) ??
        (registry.what === "extension" ? imitatedExtension(name.toLowerCase()) : undefined);
      if (target) {
        findings.block("install", `the ${registry.what} "${name}" imitates "${target}" (likely typosquat)`);
      } else if (
        program === "go" && segment.argv[at] === "install" &&
        unknownLatestModule(segment.argv.slice(at + 1).filter((arg) => !arg.startsWith("-"))[index])
      ) {
        findings.escalate("install", `installs the Go module "${name}" at whatever version is latest`);
      }
    }
  }
}

/** `go install example.com/x/cmd@latest` (or unversioned) of a module neither popular nor the Go project's own
 * (`golang.org/x/...`): whatever its owner pushed last is built and installed. */
function unknownLatestModule(spec: string | undefined): boolean {
  if (!spec || !/^[a-z0-9.-]+\.[a-z]{2,}\//i.test(spec) || /@v?\d/.test(spec)) return false;
  const module = spec.replace(/@.*$/, "").toLowerCase();
  if (/^(?:golang\.org\/x|go\.dev|std)\//.test(module)) return false;
  return !POPULAR_GO_MODULES.some((popular) =>
    module === popular.toLowerCase() || module.startsWith(`${popular.toLowerCase()}/`)
  );
}

function urlHost(text: string, environment: ShieldEnvironment) {
  const url = /[a-z][a-z0-9+.-]*:\/\/\S+/i.exec(text)?.[0];
  return url ? readHost(url, environment) : undefined;
}

/** Commands that publish a package or image for everyone who installs it (a worm's way to spread). */
const PUBLISH =
  /^(?:(?:npm|pnpm|bun) publish|yarn (?:npm )?publish|twine upload|poetry publish|uv publish|cargo publish|gem push|dotnet nuget push|nuget push|flit publish|hatch publish)\b(?!.*--dry-run)/;
const PUBLISHERS = new Set([
  "npm",
  "pnpm",
  "bun",
  "yarn",
  "twine",
  "poetry",
  "uv",
  "cargo",
  "gem",
  "dotnet",
  "nuget",
  "flit",
  "hatch",
]);
/** Organisations whose repositories are cloned and run everywhere: a near spelling of one imitates it. */
const POPULAR_OWNERS = [
  "microsoft",
  "google",
  "facebook",
  "meta-llama",
  "openai",
  "anthropics",
  "vercel",
  "aws",
  "awslabs",
  "hashicorp",
  "kubernetes",
  "docker",
  "nodejs",
  "python",
  "pytorch",
  "tensorflow",
  "huggingface",
  "denoland",
  "rust-lang",
  "golang",
  "apache",
  "github",
];

function judgePublishAndClone(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "");
  if (PUBLISHERS.has(program) && PUBLISH.test(`${program} ${argv.slice(1).join(" ")}`)) {
    findings.escalate(
      "install",
      `"${basename(argv[0] ?? "")}" publishes a package for everyone who installs it`,
    );
  }
  if (program !== "git" || !argv.includes("clone")) return;
  for (const arg of argv) {
    const owner = /github\.com[/:]([\w.-]+)\//i.exec(arg)?.[1]?.toLowerCase();
    if (!owner) continue;
    const target = imitates(owner, POPULAR_OWNERS);
    if (target) {
      findings.escalate("install", `clones from "${owner}", which imitates the "${target}" organisation`);
    }
  }
}

function judgeThirdPartySources(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "");
  if (program === "git") return;
  if (program === "add-apt-repository" || /^apt-key$/.test(program) && argv.includes("add")) {
    findings.escalate("install", `"${program}" trusts a third-party package source`);
  }
  if (program === "brew" && argv[1] === "tap" && argv[2] && !/^homebrew\//i.test(argv[2])) {
    findings.escalate("install", `"brew tap ${argv[2]}" adds a third-party formula source`);
  }
  if (program === "helm" && argv[1] === "repo" && argv[2] === "add") {
    const host = urlHost(argv.join(" "), environment);
    if (host && !host.allowed && !host.loopback) {
      findings.escalate("install", `"helm repo add" trusts charts from "${host.host}"`);
    }
  }
  if (/^(?:kubectl|oc)$/.test(program) && /^(?:apply|create|replace)$/.test(argv[1] ?? "")) {
    const host = urlHost(argv.slice(2).find((arg) => /:\/\//.test(arg)) ?? "", environment);
    if (host && !host.allowed && !host.loopback) {
      findings.escalate("install", `"${program} ${argv[1]}" applies a manifest from "${host.host}"`);
    }
  }
  if (/^pip[0-9.]*$|^uv$/.test(program) && argv.some((arg) => arg.startsWith("--extra-index-url"))) {
    const names = argv.slice(1).filter((arg) =>
      /^[A-Za-z][\w.-]+$/.test(arg) && !/^(?:install|pip|add)$/.test(arg)
    );
    // A popular name resolves to the public package whatever the indexes: no confusion to fear.
    const unknown = names.filter((name) => !isPopularPackage("pypi", name));
    if (unknown.length > 0) {
      findings.escalate(
        "install",
        `"${unknown[0]}" is looked up on more than one index (dependency confusion)`,
      );
    }
  }
}

/** Every program the checks of this file look at: one test before any of them. */
const INSTALL_PROGRAMS = programs(
  /^(?:gem|bundle|go|composer|dotnet|nuget|code|code-insiders|codium|cursor|windsurf|add-apt-repository|apt-key|brew|helm|kubectl|oc|pip[0-9.]*|uv|npm|pnpm|bun|yarn|twine|poetry|cargo|flit|hatch|git)$/,
);

/** Whether judgeOtherInstalls looks at a segment of `program` (its loop starts with this test). */
export const installsOthersWith = (program: string): boolean => INSTALL_PROGRAMS.has(program);

export function judgeOtherInstalls(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!installsOthersWith(segment.program)) continue;
    judgeRegistryInstall(segment, findings);
    judgeThirdPartySources(segment, environment, findings);
    judgePublishAndClone(segment, findings);
  }
}
