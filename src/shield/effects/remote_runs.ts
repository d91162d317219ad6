/** Code run or vendored straight from a network address, read from the parsed commands: runtimes given a URL
 * as their script (`deno run -A https://...`, `bun run URL`, `pipx run URL`, `uv run URL`), repositories from
 * hosts outside the allowed list added as submodules, or cloned and then built or installed in the same
 * command, and package tools told to install from a URL (`pip install -r URL`, `helm install x URL`). Allowed hosts (the default registries, the project's forges) pass; others escalate, and bare IPs,
 * plain HTTP or lookalikes BLOCK. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { ordinaryHost } from "./fetched_code.ts";
import { readHost } from "./hosts.ts";

/** Runtimes whose script argument may be a URL, and the subcommands that run or install it. */
const URL_RUNTIMES = new Map<string, RegExp>([
  ["deno", /^(?:run|install|compile|x|serve|test|bench)$/],
  ["bun", /^(?:run|x|install|add)$/],
  ["bunx", /^/],
  ["pipx", /^(?:run|install)$/],
  ["uv", /^(?:run)$/],
]);
/** Options of those runtimes that take the next word as their value. */
const VALUED_OPTION =
  /^(?:-c|--config|--import-map|--location|--cert|--lock|-L|--log-level|--env-file|--spec|--python|-p|--with|--from|--name|-n|--root)$/;
const URL = /^(?:https?|ftp):\/\/\S+$/i;
/** Programs and arguments that build, install or run what sits in the current folder. */
const BUILDS =
  /^(?:make|cmake|ninja|meson|\.\/configure|\.\/[\w.-]*(?:install|setup|build|bootstrap)[\w.-]*|(?:ba|z)?sh|bash|python[0-9.]*|pip[0-9.]*|npm|pnpm|yarn|bun|cargo|go|gem|bundle|composer)$/;
const BUILD_ARGUMENTS =
  /^(?:install|ci|build|setup\.py|-e|\.|run|i|add|[\w.-]*\.sh|[\w./-]*(?:install|setup|build)[\w.-]*)$/;

/** Package tools whose install verbs take sources by URL (`pip install -r URL`, `gem install x --source URL`,
 * `helm install x URL`, `ansible-galaxy install git+URL`, `conda install -c URL`). */
const SOURCE_TAKERS = new Map<string, RegExp>([
  ["pip", /^(?:install|download|wheel)$/],
  ["pip3", /^(?:install|download|wheel)$/],
  ["gem", /^(?:install|update)$/],
  ["helm", /^(?:install|upgrade|pull|template)$/],
  ["ansible-galaxy", /^(?:install|collection|role)$/],
  ["conda", /^(?:install|create|update)$/],
  ["mamba", /^(?:install|create|update)$/],
  ["micromamba", /^(?:install|create|update)$/],
  ["bundle", /^(?:add)$/],
  ["go", /^(?:install|get)$/],
  ["code", /^--install-extension$/],
  ["uv", /^(?:tool|add|pip)$/],
  ["codium", /^--install-extension$/],
  ["cursor", /^--install-extension$/],
  ["windsurf", /^--install-extension$/],
]);
/** Index settings, and (round 64) proxies, which carry the traffic but are no source (`outside_proxies.ts`). */
const INDEX_OPTION =
  /^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host|--proxy|--https?-proxy)(?:=|$)/;
const SOURCE_URL = /(?:^|=|\+)((?:https?|ftp):\/\/[^\s"']+)/i;

/** The first URL among an install command's arguments and option values, when the command installs. */
function installSource(segment: Segment): string | undefined {
  const verbs = SOURCE_TAKERS.get(segment.program);
  if (!verbs || !segment.argv.slice(1, 4).some((arg) => verbs.test(arg))) return undefined;
  const argv = segment.argv;
  for (let i = 1; i < Math.min(argv.length, 24); i++) {
    // Index settings are judged with the other index settings (`config_files.ts`).
    if (INDEX_OPTION.test(argv[i]) || INDEX_OPTION.test(argv[i - 1])) continue;
    const url = SOURCE_URL.exec(argv[i])?.[1];
    if (url) return url;
  }
  return undefined;
}

function level(url: string, environment: ShieldEnvironment): "block" | "escalate" | undefined {
  const host = readHost(url.replace(/^git\+/, ""), environment);
  if (!host) return "block";
  if (host.allowed || host.loopback) return undefined;
  return ordinaryHost(host) ? "escalate" : "block";
}

/** Round 49: deno.land/x and nest.land hold modules anyone publishes (deno.land/std is Deno's own): one run or
 * installed with every permission (`-A`, `--allow-all`) asks, as an npm package nobody vetted does. Scoped
 * permissions and the standard library pass. */
const THIRD_PARTY_MODULE = /^https:\/\/(?:deno\.land\.?(?::443)?\/x\/|x\.nest\.land\.?(?::443)?\/)/i;
const ALL_PERMISSIONS = /^(?:-A|--allow-all|-[a-zA-Z]*A[a-zA-Z]*)$/;

function thirdPartyWithAllPermissions(segment: Segment, script: string): "escalate" | undefined {
  if (segment.program !== "deno" || !THIRD_PARTY_MODULE.test(script)) return undefined;
  const at = segment.argv.indexOf(script);
  return segment.argv.slice(1, at).some((word) => ALL_PERMISSIONS.test(word)) ? "escalate" : undefined;
}

/** Whether scriptUrl looks at a segment of `program` (a runtime that takes its script by URL). */
export function runsUrlScriptsWith(program: string): boolean {
  return URL_RUNTIMES.has(program);
}

/** The URL a runtime segment runs as its script, if any. */
export function scriptUrl(segment: Segment): string | undefined {
  const subcommands = URL_RUNTIMES.get(segment.program);
  if (!subcommands) return undefined;
  const argv = segment.argv;
  let at = 1;
  if (segment.program !== "bunx") {
    while (at < argv.length && argv[at].startsWith("-")) at += VALUED_OPTION.test(argv[at]) ? 2 : 1;
    if (!subcommands.test(argv[at] ?? "")) return undefined;
    at++;
  }
  while (at < argv.length && argv[at].startsWith("-")) at += VALUED_OPTION.test(argv[at]) ? 2 : 1;
  const script = argv[at] ?? "";
  return URL.test(script) ? script : undefined;
}

function gitSource(segment: Segment): { url: string; submodule: boolean } | undefined {
  if (segment.program !== "git") return undefined;
  const words = segment.argv.filter((word) => !word.startsWith("-"));
  const submodule = words[1] === "submodule" && words[2] === "add";
  if (!submodule && words[1] !== "clone") return undefined;
  const url = words.find((word) =>
    /^(?:(?:git\+)?https?|git|ssh):\/\/\S+$|^[\w.-]+@[\w.-]+:\S+$/i.test(word)
  );
  if (!url) return undefined;
  return { url: url.replace(/^([\w.-]+)@([\w.-]+):/, "ssh://$1@$2/"), submodule };
}

function builds(segment: Segment): boolean {
  const program = segment.argv[0] ?? "";
  if (!BUILDS.test(program)) return false;
  if (/^(?:make|cmake|ninja|meson|\.\/)/.test(program)) return true;
  return segment.argv.slice(1, 3).some((arg) => BUILD_ARGUMENTS.test(arg));
}

/** Whether a segment of `program` can make judgeRemoteRuns find anything: every finding needs a runtime given a
 * URL, a package tool installing from one, or git (a clone or submodule, and the build after a clone). The check
 * returns at once when no segment's program passes. */
export const runsRemoteWith = (program: string): boolean =>
  URL_RUNTIMES.has(program) || SOURCE_TAKERS.has(program) || program === "git";

export function judgeRemoteRuns(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
) {
  if (!segments.some((segment) => runsRemoteWith(segment.program))) return;
  let cloned: string | undefined;
  for (const segment of segments) {
    const script = scriptUrl(segment);
    if (script) {
      const found = level(script, environment) ?? thirdPartyWithAllPermissions(segment, script);
      if (found) {
        findings.add(found, "exec", `"${segment.program}" runs code straight from "${script.slice(0, 80)}"`);
      }
    }
    const installed = installSource(segment);
    if (installed) {
      const found = level(installed, environment);
      if (found) {
        findings.add(found, "install", `"${segment.program}" installs from "${installed.slice(0, 80)}"`);
      }
    }
    const source = gitSource(segment);
    if (source) {
      const found = level(source.url, environment);
      if (found && source.submodule) {
        findings.add(found, "install", `adds code from "${source.url.slice(0, 80)}" as a submodule`);
      } else if (found) cloned = source.url;
    } else if (cloned && builds(segment)) {
      findings.add(
        level(cloned, environment) ?? "escalate",
        "exec",
        `builds or runs code cloned from "${cloned.slice(0, 80)}"`,
      );
      cloned = undefined;
    }
  }
}
