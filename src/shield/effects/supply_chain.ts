/** Package installs judged: from the manifest or lockfile → nothing to say; from a URL, tarball, git source or
 * a custom index → ESCALATE (a lookalike of a default registry → BLOCK); a name one or two edits away from a
 * popular package that is not itself popular → BLOCK as a likely typosquat. Popular names: data/*.ts. */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { POPULAR_NPM } from "./data/popular_npm.ts";
import { POPULAR_PYPI } from "./data/popular_pypi.ts";
import { POPULAR_CRATES } from "./data/popular_crates.ts";

export type Ecosystem = "npm" | "pypi" | "cargo";

interface Install {
  ecosystem: Ecosystem;
  /** Package arguments as written. */
  specs: string[];
  /** Index or registry options given. */
  indexes: string[];
  /** Runs the package rather than adding it (`npx`, `npm exec`, `pipx run`, `uvx`). */
  runs: boolean;
}

/** How many of the most downloaded names a lookalike is compared with (the rest only count as popular). */
const TARGETS = 2000;

const lists = new Map<Ecosystem, { all: Set<string>; targets: string[] }>();
function popular(ecosystem: Ecosystem) {
  let list = lists.get(ecosystem);
  if (!list) {
    const source = ecosystem === "npm" ? POPULAR_NPM : ecosystem === "pypi" ? POPULAR_PYPI : POPULAR_CRATES;
    const names = source.split(/\s+/).filter(Boolean).map((name) => normalName(ecosystem, name));
    list = { all: new Set(names), targets: names.slice(0, TARGETS) };
    lists.set(ecosystem, list);
  }
  return list;
}

/** PyPI treats `-`, `_` and `.` alike and ignores case (PEP 503); npm and cargo names are lower case. */
function normalName(ecosystem: Ecosystem, name: string): string {
  const lower = name.toLowerCase();
  return ecosystem === "pypi" ? lower.replace(/[-_.]+/g, "-") : lower;
}

/** Optimal string alignment distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2][j - 2] + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** The popular package a name imitates, or undefined (popular names and distant names imitate nothing). */
export function typosquatTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (list.all.has(normal) || normal.length < 4) return undefined;
  const squashed = normal.replace(/[-_.]/g, "");
  const limit = normal.length >= 9 ? 2 : 1;
  for (const target of list.targets) {
    if (target.length < 4) continue;
    if (target.replace(/[-_.]/g, "") === squashed) return target;
    if (editDistance(normal, target, limit) <= limit) return target;
  }
  return undefined;
}

const VALUED = new Set([
  "-r",
  "--requirement",
  "-c",
  "--constraint",
  "--registry",
  "-i",
  "--index-url",
  "--extra-index-url",
  "--trusted-host",
  "-f",
  "--find-links",
  "-t",
  "--target",
  "--prefix",
  "--root",
  "--python",
  "-p",
  "--tag",
  "--filter",
  "-w",
  "--workspace",
  "--version",
  "--features",
  "--git",
  "--branch",
  "--rev",
  "--path",
  "--index",
  "--source",
  "--cache",
  "--package",
  "-g",
]);
const INDEX_OPTIONS =
  /^(?:--registry|-i|--index-url|--extra-index-url|--trusted-host|-f|--find-links|--index|--git)$/;

/** The install a segment performs, if any. */
function installOf(argv: string[]): Install | undefined {
  const program = basename(argv[0] ?? "").toLowerCase();
  const [first, second] = argv.slice(1).filter((arg) => !arg.startsWith("-"));
  let ecosystem: Ecosystem | undefined;
  let from = 2;
  let runs = false;
  if (
    /^(?:npm|pnpm|yarn|bun|cnpm)$/.test(program) &&
    /^(?:install|i|add|isntall|in|exec|x|dlx)$/.test(first ?? "")
  ) {
    ecosystem = "npm";
    runs = /^(?:exec|x|dlx)$/.test(first);
  } else if (/^(?:npx|bunx|pnpx)$/.test(program)) [ecosystem, from, runs] = ["npm", 1, true];
  else if (/^pip[0-9.]*$/.test(program) && first === "install") ecosystem = "pypi";
  else if (
    /^python[0-9.]*$/.test(program) && argv[1] === "-m" && /^pip/.test(argv[2] ?? "") &&
    argv.includes("install")
  ) {
    ecosystem = "pypi";
    from = argv.indexOf("install") + 1;
  } else if (program === "uv" && (first === "add" || (first === "pip" && second === "install"))) {
    ecosystem = "pypi";
    from = first === "pip" ? 3 : 2;
  } else if (/^(?:poetry|pdm|pipenv|pipx|rye)$/.test(program) && /^(?:add|install|run)$/.test(first ?? "")) {
    ecosystem = "pypi";
    runs = first === "run" && program === "pipx";
  } else if (program === "uvx") [ecosystem, from, runs] = ["pypi", 1, true];
  else if (program === "cargo" && /^(?:install|add)$/.test(first ?? "")) ecosystem = "cargo";
  if (!ecosystem) return undefined;
  const specs: string[] = [];
  const indexes: string[] = [];
  const rest = argv.slice(1);
  let skipped = 0;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg.startsWith("-")) {
      const [name, glued] = arg.split(/=(.*)/s);
      if (INDEX_OPTIONS.test(name)) indexes.push(glued ?? rest[i + 1] ?? "");
      if (name === "--package" && ecosystem === "npm") specs.push(glued ?? rest[i + 1] ?? "");
      if (glued === undefined && VALUED.has(name)) i++;
      if (runs && arg === "--") break;
      continue;
    }
    if (skipped++ < from - 1) continue;
    specs.push(arg);
    if (runs) break;
  }
  return { ecosystem, specs, indexes, runs };
}

/** The package name of a spec, or undefined when the spec is a URL, archive, git or local source. */
function specName(ecosystem: Ecosystem, spec: string): string | undefined {
  if (/^(?:[a-z+]+:|\.{0,2}\/|~)|\.(?:tgz|tar\.gz|tar|zip|whl)$|^[\w.-]+\/[\w.-]+(?:#.*)?$/i.test(spec)) {
    return undefined;
  }
  if (ecosystem === "npm") return spec.replace(/(.)@.*$/, "$1");
  return spec.replace(/\[.*$/, "").replace(/[<>=!~;@ ].*$/, "");
}

export function judgeInstall(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const install = installOf(segment.argv);
  if (!install) return;
  for (const index of install.indexes) {
    const host = readHost(/^[a-z]+:\/\//i.test(index) ? index : `https://${index}`, environment);
    if (host?.lookalike) {
      findings.block("install", `installs from "${host.host}", a lookalike of "${host.lookalike}"`);
    } else if (host && !host.allowed && !host.loopback) {
      findings.escalate("install", `installs from the custom index "${host.host}"`);
    }
  }
  for (const spec of install.specs) {
    const name = specName(install.ecosystem, spec);
    if (name === undefined) {
      if (!/^(?:\.|\.\/|-e)$/.test(spec) && !/^\.\//.test(spec)) {
        findings.escalate("install", `installs "${spec.slice(0, 80)}" from a URL, archive or git source`);
      }
      continue;
    }
    if (name === "" || name.startsWith("$")) continue;
    const target = typosquatTarget(install.ecosystem, name);
    if (target) {
      findings.block(
        "install",
        `"${name}" is one or two edits from the popular package "${target}" (likely typosquat)`,
      );
    }
  }
}
