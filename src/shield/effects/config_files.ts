/** What written configuration changes for tools that act later: package indexes and registries (files, `npm
 * config set`, `pip config set`, `poetry source add`, `go env -w`, `gem sources --add`, environment variables),
 * dependencies added to manifests (typosquats, git and URL sources), CI workflows (lookalike actions,
 * `pull_request_target` with secrets or the PR's code, `write-all` tokens), pre-commit hooks (lookalike
 * repositories, moving branches), and agent settings that switch approvals off. */

import { gated } from "./gate.ts";
import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { type Ecosystem, editDistance, popularNames, typosquatTarget } from "./package_lookalikes.ts";
import { POPULAR_ACTIONS, POPULAR_HOOK_REPOS } from "./data/popular_actions.ts";
import { AGENT_INSTRUCTIONS } from "./path_classes.ts";
import { programs } from "./programs.ts";
import { judgeLockfile, LOCKFILE } from "./lockfile_sources.ts";
import { judgeWorkflowSteps } from "./workflow_steps.ts";
import { nearPopularReason } from "./near_names.ts";
import { matchesOf } from "../match_all.ts";

const MAX_CHARS = 128 * 1024;
const PACKAGE_CONFIG =
  /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|pyproject\.toml|uv\.toml|poetry\.toml|pdm\.toml|\.pypirc|config\.toml|cargo\.toml|gemfile|\.gemrc|nuget\.config|bunfig\.toml|requirements(?:[\w.-]*|\/[\w.-]+)\.txt|constraints[\w.-]*\.txt|package\.json|go\.mod|go\.env|\.condarc|composer\.json|deno\.json|setup\.cfg|[\w.-]+\.tf|[\w.-]+\.tf\.json|terragrunt\.hcl|pipfile|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|pom\.xml|\.mvn\/[\w.-]+|settings\.xml)$/i;
/** Gradle and Maven files: a URL inside a repository or mirror declaration is a package source. */
const JVM_BUILD = /\.gradle(?:\.kts)?$/i;
const JVM_SOURCE_KEY = /maven\s*[({]|\burl\s*[=(]?\s*(?:uri\()?\s*["']?$/i;
const MAVEN_XML = /(?:^|\/)(?:pom|settings)\.xml$/i;
const MAVEN_SOURCE =
  /<(repository|pluginRepository|mirror|snapshotRepository)>[\s\S]{0,2000}?<url>\s*([^<\s]+)\s*<\/url>[\s\S]{0,2000}?<\/\1>/g;
const WORKFLOW = /\/\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)action\.ya?ml$/i;
const PRE_COMMIT = /(?:^|\/)\.pre-commit-(?:config|hooks)\.ya?ml$/i;
const URL = /\b(?:https?|git\+https?|git\+ssh|ssh|git):\/\/[^\s"'`<>),;\]]+/gi;
const MOVING_REF = /^(?:main|master|head|latest|dev|develop|trunk)$/i;
const AUTO_APPROVE = gated(
  /["']?(?:chat\.tools(?:\.global)?\.autoApprove|autoApprove|auto_approve|auto-approve|yolo|yes-always|yes_always|dangerously[\w-]*|skip[\w-]*permissions?|autoAccept|auto_accept|alwaysAllow|enableAllProjectMcpServers|trust)["']?\s*[:=]\s*(?:true|\[\s*["'][^"']+)|["']?(?:defaultMode|permission_mode|approval_policy|approval-policy|sandbox_mode|sandbox)["']?\s*[:=]\s*["']?(?:bypassPermissions|never|danger-full-access|off|none)|["']allow["']\s*:\s*\[[^\]]*["'](?:(?:Bash|Shell|Run|Exec|Write|Edit)\(\*{1,2}\)|\*|Bash|Shell)["']/i,
);
const REGISTRY_ENV =
  /\b(?:PIP_(?:EXTRA_)?INDEX_URL|PIP_FIND_LINKS|NPM_CONFIG_REGISTRY|npm_config_registry|YARN_NPM_REGISTRY_SERVER|UV_(?:DEFAULT_|EXTRA_)?INDEX(?:_URL)?|GOPROXY|POETRY_REPOSITORIES_\w+_URL|CARGO_REGISTRIES_\w+_INDEX|BUNDLE_MIRROR__\w+|GEM_SOURCE)=["']?([^\s"';&|]+)/g;
const CHECKSUMS_OFF = gated(
  /\bGONOSUMDB=|\bGONOSUMCHECK=|\bGOSUMDB=off\b|\bGOINSECURE=|\bGOFLAGS=\S*-insecure|\bGOPRIVATE=\*/,
);
const PACKAGE_MANAGERS =
  /^(?:npm|pnpm|yarn|bun|pip[0-9.]*|poetry|pdm|uv|conda|mamba|gem|bundle|bundler|go|dotnet|nuget|cargo|composer)$/;

function judgeIndexUrl(url: string, where: string, environment: ShieldEnvironment, findings: Findings): void {
  const host = readHost(url.replace(/^git\+/, ""), environment);
  if (!host || host.loopback) return;
  if (host.lookalike) {
    findings.block(
      "install",
      `${where} points package installs at "${host.host}", a lookalike of "${host.lookalike}"`,
    );
  } else if (!host.allowed) {
    findings.escalate("install", `${where} points package installs at "${host.host}"`);
  }
}

/** Dependency names a manifest lists, per ecosystem (package.json, requirements, pyproject, Cargo.toml). */
function manifestNames(path: string, text: string): Array<[Ecosystem, string]> {
  const names: Array<[Ecosystem, string]> = [];
  if (/package\.json$/i.test(path)) {
    for (const block of text.matchAll(/"(?:dev|peer|optional)?[dD]ependencies"\s*:\s*\{([^}]{0,16384})\}/g)) {
      for (const entry of block[1].matchAll(/"([@\w./-]{1,214})"\s*:\s*"(?:npm:(@?[\w./-]{1,214}?)@)?/g)) {
        names.push(["npm", entry[1]]);
        // An alias (`"lodash": "npm:lodahs@4"`) installs another package under the listed name.
        if (entry[2] && entry[2] !== entry[1]) names.push(["npm", entry[2]]);
      }
    }
  } else if (/requirements(?:[\w.-]*|\/[\w.-]+)\.txt$/i.test(path)) {
    for (const line of text.matchAll(/^\s*([A-Za-z0-9][\w.-]{0,99})\s*(?:[<>=!~;\[]|$)/gm)) {
      names.push(["pypi", line[1]]);
    }
  } else if (/pyproject\.toml$/i.test(path)) {
    // Project dependencies, optional groups and the build system's `requires` (installed to build the package).
    for (const block of text.matchAll(/(?:dependencies|requires)\s*=\s*\[([^\]]{0,16384})\]/g)) {
      for (const entry of block[1].matchAll(/["']([A-Za-z0-9][\w.-]{0,99})/g)) names.push(["pypi", entry[1]]);
    }
  } else if (/cargo\.toml$/i.test(path)) {
    for (const block of text.matchAll(/\[(?:dev-|build-)?dependencies\]([^[]{0,16384})/g)) {
      for (const entry of block[1].matchAll(/^\s*([A-Za-z0-9][\w-]{0,63})\s*=/gm)) {
        names.push(["cargo", entry[1]]);
      }
    }
  }
  return names.slice(0, 256);
}

const INDEX_KEY = /registry|index|source|mirror|proxy|find-links|trusted|channel|repositories\./i;
const SECTION = /^\s*\[\[?([^\]]+)\]?\]\s*$/;
const DEPENDENCY_FILE =
  /(?:^|\/)(?:package\.json|cargo\.toml|pyproject\.toml|requirements(?:[\w.-]*|\/[\w.-]+)\.txt|constraints[\w.-]*\.txt|gemfile|go\.mod|composer\.json|deno\.json|[\w.-]+\.tf|terragrunt\.hcl)$/i;

const SCOPE_REGISTRY_KEY = /^\s*@([a-z0-9][\w.-]{1,63}):registry\s*=\s*$/i;
let popularScopes: ReadonlySet<string> | undefined;

/** An `.npmrc` line sending one scope to the organisation's own registry (`@acme:registry=https://npm.acme.io/`):
 * the scope's name is a label of the host, so only the organisation's packages come from it. The scopes of
 * popular packages (`@types`, `@babel`) stay judged: sending them elsewhere swaps what everyone installs. */
function ownScopeRegistry(path: string, key: string, url: string): boolean {
  if (!/(?:^|\/)\.npmrc$/i.test(path)) return false;
  const scope = SCOPE_REGISTRY_KEY.exec(key)?.[1]?.toLowerCase();
  if (!scope || scope.length < 3) return false;
  popularScopes ??= new Set(
    [...popularNames("npm")].filter((name) => name.startsWith("@")).map((name) =>
      name.slice(1).split("/")[0]
    ),
  );
  if (popularScopes.has(scope)) return false;
  const host = /^https:\/\/([a-z0-9.-]+)(?::\d+)?(?:\/|$)/i.exec(url)?.[1]?.toLowerCase();
  return host !== undefined && host.split(".").slice(0, -1).includes(scope);
}

/** One manifest line with a URL: an index setting, a dependency source, or neither (homepage, bugs). */
function judgeManifestLine(
  path: string,
  line: string,
  section: string,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const shown = basename(path);
  for (const url of (line.match(URL) ?? []).slice(0, 4)) {
    const key = line.slice(0, line.indexOf(url));
    if (ownScopeRegistry(path, key, url)) continue;
    if (
      JVM_BUILD.test(path)
        ? JVM_SOURCE_KEY.test(key)
        : INDEX_KEY.test(key) || /source|index|registr/i.test(section) && /\burl\b/i.test(key)
    ) {
      judgeIndexUrl(url, `"${shown}"`, environment, findings);
    } else if (
      DEPENDENCY_FILE.test(path) &&
      !/homepage|bugs|repository|documentation|funding|author|url"?\s*:\s*"?$|^\s*"url"/i.test(key)
    ) {
      const host = readHost(url.replace(/^git\+/, ""), environment);
      if (!host?.loopback) {
        findings.escalate("install", `"${shown}" takes a dependency from "${url.slice(0, 80)}"`);
      }
    }
  }
}

function judgeManifest(path: string, text: string, environment: ShieldEnvironment, findings: Findings): void {
  const shown = basename(path);
  if (MAVEN_XML.test(path)) {
    for (const match of matchesOf(MAVEN_SOURCE, text)) {
      judgeIndexUrl(match[2], `"${shown}"`, environment, findings);
    }
    return;
  }
  let section = "";
  for (const line of text.split("\n", 4096)) {
    section = SECTION.exec(line)?.[1] ?? section;
    if (line.includes("://")) judgeManifestLine(path, line, section, environment, findings);
  }
  if (/"[\w@/.-]+"\s*:\s*"(?:github:|git\+|git:|[\w-]+\/[\w.-]+#)|\bgit\s*=\s*["']/.test(text)) {
    findings.escalate("install", `"${shown}" takes a dependency straight from a git repository`);
  }
  if (/go\.mod$/i.test(path)) judgeGoReplaces(text, findings);
  for (const [ecosystem, name] of manifestNames(path, text)) {
    const target = typosquatTarget(ecosystem, name);
    if (target) {
      findings.block(
        "install",
        `"${shown}" adds "${name}", one or two edits from "${target}" (likely typosquat)`,
      );
      continue;
    }
    const near = nearPopularReason(ecosystem, name);
    if (near) findings.escalate("install", `"${shown}" adds "${name}", which ${near}`);
  }
}

/** `replace A => B v1.2.3` handing A's import path to another module (a local `./dir` is the developer's own). */
function judgeGoReplaces(text: string, findings: Findings): void {
  for (const match of text.matchAll(/^\s*(?:replace\s+)?([\w.~/-]+)(?:\s+v[\w.+-]+)?\s*=>\s*([\w.~/-]+)/gm)) {
    const [, original, replacement] = match;
    if (/^(?:\.{1,2}\/|\/)/.test(replacement) || replacement === original) continue;
    findings.escalate("install", `"go.mod" replaces "${original}" with "${replacement}"`);
    return;
  }
}

/** `owner/repo` imitating a popular one: a near spelling, or the same repository name under another owner. */
function imitated(reference: string, popular: readonly string[]): string | undefined {
  const lower = reference.toLowerCase();
  if (popular.some((known) => known.toLowerCase() === lower)) return undefined;
  const [owner, repo] = lower.split("/");
  for (const known of popular) {
    const [knownOwner, knownRepo] = known.toLowerCase().split("/");
    if (repo === knownRepo && owner !== knownOwner) return known;
    if (editDistance(lower, known.toLowerCase(), 2) <= 2) return known;
  }
  return undefined;
}

function judgeWorkflow(text: string, findings: Findings): void {
  for (const match of text.matchAll(/\buses:\s*["']?([\w.-]+\/[\w.-]+)(?:\/[\w./-]*)?@/g)) {
    const target = imitated(match[1], POPULAR_ACTIONS);
    if (target) findings.block("install", `the workflow uses "${match[1]}", which imitates "${target}"`);
  }
  for (const match of text.matchAll(/\buses:\s*["']?(([\w.-]+)\/[\w.-]+)(?:\/[\w./-]*)?@([\w.-]+)/g)) {
    if (!/^(?:actions|github)$/i.test(match[2]) && MOVING_REF.test(match[3])) {
      findings.escalate("install", `the workflow runs "${match[1]}" from the moving branch "${match[3]}"`);
      break;
    }
  }
  if (/\bpull_request_target\b/.test(text)) {
    if (/\$\{\{\s*secrets\.|github\.event\.pull_request\.head\.(?:sha|ref)|github\.head_ref/.test(text)) {
      findings.escalate(
        "persistence",
        "the workflow runs on pull_request_target with secrets or the pull request's code",
      );
    } else if (!/^\s*(?:jobs|runs)\s*:/m.test(text)) {
      // Round 24: an edit that only switches the trigger: the steps it hands secrets to are not in sight.
      findings.escalate(
        "persistence",
        "the workflow is switched to pull_request_target, whose steps are not in sight",
      );
    }
  }
  if (/toJSON\(\s*secrets\s*\)/.test(text)) {
    findings.block("network", "the workflow serialises every repository secret (toJSON(secrets))");
  }
  if (/\bpermissions:\s*write-all\b/.test(text)) {
    findings.escalate("access", "the workflow's token gets every write permission");
  }
}

function judgePreCommit(text: string, findings: Findings): void {
  for (
    const match of text.matchAll(
      /\brepo:\s*["']?https?:\/\/(?:www\.)?github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?["']?\s*$/gm,
    )
  ) {
    const target = imitated(match[1], POPULAR_HOOK_REPOS);
    if (target) {
      findings.escalate("install", `the pre-commit hook repository "${match[1]}" imitates "${target}"`);
    }
  }
  for (const match of text.matchAll(/\brev:\s*["']?([\w.-]+)["']?\s*$/gm)) {
    if (MOVING_REF.test(match[1])) {
      findings.escalate("install", `a pre-commit hook follows the moving branch "${match[1]}"`);
    }
  }
}

/** Package names an instruction file tells agents to use (`` `reqeusts` ``): a lookalike of a popular one. */
function judgeNamedPackages(path: string, text: string, findings: Findings): void {
  // Only a line with a code span can name a package (the cheap test first).
  if (!text.includes("`")) return;
  let checked = 0;
  for (const line of text.split("\n", 2048)) {
    if (!line.includes("`") || !PACKAGE_TALK.test(line)) continue;
    for (const match of line.matchAll(/`(@?[a-z][\w./-]{2,60})`/gi)) {
      if (++checked > 16) return;
      if (namesLookalike(path, match[1], findings)) return;
    }
  }
}

/** Lines that talk about packages: where a code span names one. */
const PACKAGE_TALK =
  /\b(?:packages?|dependenc(?:y|ies)|install|librar(?:y|ies)|modules?|import|require|npm|pip|pypi|crate)\b/i;

function namesLookalike(path: string, name: string, findings: Findings): boolean {
  for (const ecosystem of ["npm", "pypi"] as const) {
    const target = typosquatTarget(ecosystem, name);
    if (target) {
      findings.escalate(
        "install",
        `"${basename(path)}" steers agents to "${name}", a lookalike of "${target}"`,
      );
      return true;
    }
  }
  return false;
}

const IMAGE_FILE =
  /(?:^|\/)(?:dockerfile|containerfile)(?:\.[\w-]+)?$|(?:^|\/)[\w.-]*compose[\w.-]*\.ya?ml$|\/(?:k8s|kubernetes|manifests|deploy|charts?)\/[^/]+\.ya?ml$/i;

/** `ADD https://...` in a Dockerfile: a file fetched into the image, often then run. */
export function remoteAdds(path: string, text: string): string[] {
  if (!/(?:^|\/)(?:dockerfile|containerfile)(?:\.[\w-]+)?$/i.test(path)) return [];
  return [...text.matchAll(/^\s*ADD\s+(?:--\S+\s+)*(https?:\/\/\S+)/gim)].map((match) => match[1]).slice(
    0,
    8,
  );
}

/** Images a Dockerfile, compose file or manifest pulls (`FROM host/img`, `image: host/img`). */
export function writtenImages(path: string, text: string): string[] {
  if (!IMAGE_FILE.test(path)) return [];
  const images: string[] = [];
  for (
    const match of text.matchAll(/^\s*(?:FROM(?:\s+--platform=\S+)?\s+|-?\s*image:\s*["']?)([\w.:/@-]+)/gim)
  ) {
    images.push(match[1]);
  }
  return images.slice(0, 32);
}

/** Findings for configuration content written to `paths` (lower-cased absolute paths). */
export function judgeConfigWrites(
  paths: readonly string[],
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = contents.join("\n").slice(0, MAX_CHARS);
  if (text === "") return;
  for (const path of paths) {
    if (PACKAGE_CONFIG.test(path)) judgeManifest(path, text, environment, findings);
    if (WORKFLOW.test(path)) {
      judgeWorkflow(text, findings);
      judgeWorkflowSteps(text, environment, findings);
    }
    if (LOCKFILE.test(path)) judgeLockfile(path, text, environment, findings);
    if (PRE_COMMIT.test(path)) judgePreCommit(text, findings);
    if (AGENT_INSTRUCTIONS.test(path) && AUTO_APPROVE.test(text)) {
      findings.escalate("delegation", `"${basename(path)}" switches an agent's approvals or sandbox off`);
    }
    if (AGENT_INSTRUCTIONS.test(path)) judgeNamedPackages(path, text, findings);
  }
}

const PACKAGE_MANAGER_PROGRAMS = programs(PACKAGE_MANAGERS);

/** Package indexes set by commands and environment variables. */
/** Whether judgeIndexCommands' text loop looks at a whole-line text (one with an `=`). */
export function indexesText(text: string): boolean {
  return text.length <= MAX_CHARS && text.includes("=");
}

/** Whether judgeIndexCommands' segment loop looks at a segment of `program`: when no segment's program does, its
 * caller hands it no segments (the whole-line texts are judged all the same). */
export function indexesWith(program: string): boolean {
  return PACKAGE_MANAGER_PROGRAMS.has(program.toLowerCase());
}

export function judgeIndexCommands(
  segments: readonly Segment[],
  shellTexts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    const program = segment.program.toLowerCase();
    if (!indexesWith(program)) continue;
    const words = segment.argv.slice(1);
    if (
      !words.some((word) =>
        /^(?:config|source|sources|env|set|repositories|channels|nuget|mirror)$/.test(word)
      )
    ) continue;
    for (const word of words) {
      const url = /(?:https?|git\+https?):\/\/\S+/.exec(word)?.[0];
      if (url) judgeIndexUrl(url, `"${program} ${words[0]}"`, environment, findings);
      if (program === "pip" && /trusted-host/.test(word)) {
        findings.escalate("install", "pip is told to trust a host without TLS checks");
      }
    }
  }
  for (const text of shellTexts.slice(0, 16)) {
    if (!indexesText(text)) continue;
    for (const match of matchesOf(REGISTRY_ENV, text)) {
      for (const url of match[1].split(",")) {
        if (/:\/\//.test(url)) judgeIndexUrl(url, "an environment variable", environment, findings);
      }
    }
    if (CHECKSUMS_OFF.test(text)) {
      findings.escalate("install", "turns off checksum verification of Go modules");
    }
  }
}
