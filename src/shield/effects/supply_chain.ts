/** Package installs judged: from the manifest or lockfile → nothing to say; from a URL, tarball, git source or
 * a custom index → ESCALATE (a lookalike of a default registry → BLOCK); a name one or two edits away from a
 * popular package that is not itself popular → BLOCK as a likely typosquat. Popular names: data/*.ts. */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath } from "./path_classes.ts";
import { siblingTarget } from "./sibling_squats.ts";
import { POPULAR_NPM } from "./data/popular_npm.ts";
import { POPULAR_PYPI } from "./data/popular_pypi.ts";
import { POPULAR_CRATES } from "./data/popular_crates.ts";
import { POPULAR_NPX_TOOLS } from "./data/popular_more.ts";
import { misspeltHeadTarget } from "./misspelt_heads.ts";

export type Ecosystem = "npm" | "pypi" | "cargo";

interface Install {
  ecosystem: Ecosystem;
  /** Package arguments as written. */
  specs: string[];
  /** Index or registry options given. */
  indexes: string[];
  /** Runs the package rather than adding it (`npx`, `npm exec`, `pipx run`, `uvx`). */
  runs: boolean;
  /** A conda install: its names are PyPI's for Python libraries but its own for the rest (`python`,
   * `cudatoolkit`), so a near name escalates rather than blocks. */
  conda?: boolean;
}

/** Conda's own packages that are no PyPI library (anaconda.org's main and conda-forge channels). */
const CONDA_NAMES = new Set(
  `python pip conda mamba conda-build anaconda cudatoolkit cuda-toolkit cudnn pytorch pytorch-cuda nodejs r-base
  r-essentials libgcc-ng libstdcxx-ng mkl openblas compilers c-compiler cxx-compiler fortran-compiler ffmpeg git make
  cmake openssl jupyter nb_conda_kernels pkg-config libffi zlib`.split(/\s+/),
);

/** How many of the most downloaded names a lookalike is compared with (the rest only count as popular). */
const TARGETS = 2000;

interface PopularList {
  all: Set<string>;
  targets: string[];
  /** Targets by length, so a name is compared only with names one or two characters longer or shorter. */
  byLength: Map<number, string[]>;
  /** Targets with separators removed (`cross-env` → `crossenv`), to the target. */
  squashed: Map<string, string>;
  /** The popular names past the targets, by length: a name one edit from one of them escalates. */
  allByLength: Map<number, string[]>;
}

/** Names shorter than this are not compared with the names past the targets (short names collide honestly). */
const FAR_MIN_LENGTH = 7;

const lists = new Map<Ecosystem, PopularList>();
function popular(ecosystem: Ecosystem): PopularList {
  let list = lists.get(ecosystem);
  if (!list) {
    const source = ecosystem === "npm" ? POPULAR_NPM : ecosystem === "pypi" ? POPULAR_PYPI : POPULAR_CRATES;
    const names = source.split(/\s+/).filter(Boolean).map((name) => normalName(ecosystem, name));
    const extra = ecosystem === "npm" ? POPULAR_NPX_TOOLS : [];
    const targets = [...names.slice(0, TARGETS), ...extra].filter((target) => target.length >= 4);
    const byLength = new Map<number, string[]>();
    const squashed = new Map<string, string>();
    for (const target of targets) {
      const bucket = byLength.get(target.length);
      if (bucket) bucket.push(target);
      else byLength.set(target.length, [target]);
      const key = target.replace(/[-_.]/g, "");
      if (!squashed.has(key)) squashed.set(key, target);
    }
    const allByLength = new Map<number, string[]>();
    for (const name of names.slice(TARGETS)) {
      if (name.length < FAR_MIN_LENGTH - 1) continue;
      const bucket = allByLength.get(name.length);
      if (bucket) bucket.push(name);
      else allByLength.set(name.length, [name]);
    }
    list = { all: new Set([...names, ...extra]), targets, byLength, squashed, allByLength };
    lists.set(ecosystem, list);
  }
  return list;
}

/** PyPI treats `-`, `_` and `.` alike and ignores case (PEP 503); npm and cargo names are lower case. */
function normalName(ecosystem: Ecosystem, name: string): string {
  const lower = name.toLowerCase();
  return ecosystem === "pypi" ? lower.replace(/[-_.]+/g, "-") : lower;
}

/** Three rows of the distance table, reused (the check runs synchronously, one comparison at a time). */
let rowBuffers = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rowBuffers[0].length <= b.length) {
    rowBuffers = [0, 1, 2].map(() => new Int32Array(b.length * 2 + 1));
  }
  let [before, previous, row] = rowBuffers;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, before[j - 2] + 1);
      }
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length];
}

const SQUAT_PREFIX = /^(?:python3?-|py-|node-|js-|npm-|pypi-)/;
const SQUAT_SUFFIX =
  /(?:-py|-python|-js|-node|-dev|-lib|-sdk|-utils|-tools|-official|-secure|-latest|-v?\d|\d|-next|-pro|-plus|-core)$/;

/** A popular name dressed with an affix that is not itself a popular package (`python-requests`, `lodash-js`,
 * `requests2`): a combosquat, escalated rather than blocked (some are honest packages). */
export function combosquatTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (list.all.has(normal) || normal.startsWith("@")) return undefined;
  const bare = normal.replace(SQUAT_PREFIX, "").replace(SQUAT_SUFFIX, "");
  return bare !== normal && bare.length >= 4 && list.byLength.get(bare.length)?.includes(bare)
    ? bare
    : undefined;
}

const farVerdicts = new Map<string, string | null>();

/** The less popular package (past the most downloaded 2,000, so `electorn` for `electron`) a name is one edit
 * from: too many honest names sit near them to block, so a human sees the install. */
export function farLookalikeTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (normal.length < FAR_MIN_LENGTH || list.all.has(normal)) return undefined;
  const key = `${ecosystem}:${normal}`;
  const known = farVerdicts.get(key);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  for (let length = normal.length - 1; length <= normal.length + 1 && !found; length++) {
    found = list.allByLength.get(length)?.find((target) => editDistance(normal, target, 1) <= 1);
  }
  if (farVerdicts.size >= MAX_VERDICTS) farVerdicts.clear();
  farVerdicts.set(key, found ?? null);
  return found;
}

/** Whether the name is one of the ecosystem's popular packages. */
export function isPopularPackage(ecosystem: Ecosystem, name: string): boolean {
  return popular(ecosystem).all.has(normalName(ecosystem, name));
}

const verdicts = new Map<string, string | null>();
const MAX_VERDICTS = 4096;

/** The popular package a name imitates, or undefined (popular names and distant names imitate nothing).
 * Answers are remembered by name (bounded): agents install and mention the same names again and again. */
export function typosquatTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const key = `${ecosystem}:${name}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known ?? undefined;
  const target = findTarget(ecosystem, name);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(key, target ?? null);
  return target;
}

function findTarget(ecosystem: Ecosystem, name: string): string | undefined {
  const normal = normalName(ecosystem, name);
  const list = popular(ecosystem);
  if (list.all.has(normal) || normal.length < 4) return undefined;
  const squashed = list.squashed.get(normal.replace(/[-_.]/g, ""));
  if (squashed) return squashed;
  const limit = normal.length >= 9 ? 2 : 1;
  for (let length = normal.length - limit; length <= normal.length + limit; length++) {
    for (const target of list.byLength.get(length) ?? []) {
      if (editDistance(normal, target, limit) <= limit) return target;
    }
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
  // conda: the environment's name and the channel.
  "-n",
  "--name",
  "--channel",
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
  let conda = false;
  if (
    /^(?:npm|pnpm|yarn|bun|cnpm)$/.test(program) &&
    /^(?:install|i|add|isntall|in|exec|x|dlx)$/.test(first ?? "")
  ) {
    ecosystem = "npm";
    runs = /^(?:exec|x|dlx)$/.test(first);
  } else if (/^(?:npx|bunx|pnpx)$/.test(program)) [ecosystem, from, runs] = ["npm", 1, true];
  else if (/^pip[0-9.]*$/.test(program) && (first === "install" || first === "download")) ecosystem = "pypi";
  else if (
    /^python[0-9.]*$/.test(program) && argv[1] === "-m" && /^pip/.test(argv[2] ?? "") &&
    argv.includes("install")
  ) {
    // `python -m pip install X`: `pip` and `install` are the two words before the first name (`-m` takes none).
    ecosystem = "pypi";
    from = 3;
  } else if (/^(?:conda|mamba|micromamba)$/.test(program) && /^(?:install|create)$/.test(first ?? "")) {
    // Conda packages of Python libraries carry their PyPI names (`conda install scikit-learn`).
    ecosystem = "pypi";
    conda = true;
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
      // npm's `-g` is a switch (`npm i -g NAME` installs NAME globally).
      if (glued === undefined && VALUED.has(name) && !(ecosystem === "npm" && name === "-g")) i++;
      if (runs && arg === "--") break;
      continue;
    }
    if (skipped++ < from - 1) continue;
    specs.push(arg);
    if (runs) break;
  }
  return { ecosystem, specs, indexes, runs, conda };
}

/** The popular package a local archive (`./downloads/requests-2.32.3-py3-none-any.whl`) claims to be: a build
 * from a folder, not the registry, in place of a package everyone depends on. */
function localBuildOfPopular(ecosystem: Ecosystem, spec: string): string | undefined {
  const file = /([^/]+)\.(?:whl|tgz|tar\.gz|zip)$/i.exec(spec)?.[1];
  if (!file) return undefined;
  const name = ecosystem === "pypi" ? file.split("-")[0].replace(/_/g, "-") : file.replace(/-\d.*$/, "");
  return name.length >= 3 && isPopularPackage(ecosystem, name) ? name : undefined;
}

/** The package name of a spec, or undefined when the spec is a URL, archive, git or local source. */
function specName(ecosystem: Ecosystem, spec: string): string | undefined {
  if (/^(?:[a-z+]+:|\.{0,2}\/|~)|\.(?:tgz|tar\.gz|tar|zip|whl)$|^[\w.-]+\/[\w.-]+(?:#.*)?$/i.test(spec)) {
    return undefined;
  }
  if (ecosystem === "npm") return spec.replace(/(.)@.*$/, "$1");
  return spec.replace(/\[.*$/, "").replace(/[<>=!~;@ ].*$/, "");
}

/** Whether a runner fetches the package rather than running a project's own binary: `uvx`, `pipx run`, `pnpm dlx`
 * and `yarn dlx` always fetch; `npx`, `npm exec` and `bunx` look in the project first unless told `-y`/`--yes`. */
function fetchesToRun(install: Install, argv: string[]): boolean {
  if (!install.runs) return false;
  if (install.ecosystem === "pypi" || argv.includes("dlx")) return true;
  return argv.some((arg) => arg === "-y" || arg === "--yes");
}

/** Whether a spec names one exact version (`x@1.2.3`, `x==1.2.3`; `@latest` and ranges are not). */
function pinned(ecosystem: Ecosystem, spec: string): boolean {
  return ecosystem === "npm" ? /.@v?\d+\.\d+\.\d+\S*$/.test(spec) : /(?:==|@)v?\d+(?:\.\d+)*\S*$/.test(spec);
}

/** A relative archive path (no scheme) that stays in the workspace (`dist/app-1.0-py3-none-any.whl`,
 * `dist/*.whl`): the project's own build, not a download. (`owner/repo` without an archive suffix is a GitHub
 * reference to npm, so only archives count.) */
function inWorkspace(spec: string, environment: ShieldEnvironment): boolean {
  if (/^[a-z][a-z0-9+.-]*:|^git@|^[~/]|^\.\.(?:\/|$)|:\/\/|\s/i.test(spec)) return false;
  if (!/\.(?:whl|tgz|tar\.gz|zip|tar)$/i.test(spec)) return false;
  const path = normalizePath(spec, environment.workspace, environment.shellHome);
  return classifyPath(path, environment) === "workspace";
}

export function judgeInstall(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  judgeInstallArgv(segment.argv, environment, findings);
}

/** Judges an install command line given as words (`["npm", "install", "express"]`). */
export function judgeInstallArgv(argv: string[], environment: ShieldEnvironment, findings: Findings): void {
  const install = installOf(argv);
  if (!install) return;
  for (const index of install.indexes) {
    if (
      /^(?:git\+|git@)|\.git$/.test(index) || argv.includes("--git") && argv.includes(index)
    ) {
      findings.escalate("install", `installs from the git repository "${index.slice(0, 80)}"`);
      continue;
    }
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
      if (!/^(?:\.|\.\/|-e)$/.test(spec) && !/^\.\//.test(spec) && !inWorkspace(spec, environment)) {
        findings.escalate("install", `installs "${spec.slice(0, 80)}" from a URL, archive or git source`);
      } else if (localBuildOfPopular(install.ecosystem, spec)) {
        findings.escalate(
          "install",
          `installs a local archive of the popular package "${
            localBuildOfPopular(install.ecosystem, spec)
          }" over the registry's`,
        );
      }
      continue;
    }
    if (
      name === "" || name.startsWith("$") || (install.conda && CONDA_NAMES.has(name.replace(/^.*::/, "")))
    ) continue;
    const target = typosquatTarget(install.ecosystem, name);
    if (target && install.conda) {
      findings.escalate("install", `"${name}" is one or two edits from the popular package "${target}"`);
    } else if (target) {
      findings.block(
        "install",
        `"${name}" is one or two edits from the popular package "${target}" (likely typosquat)`,
      );
    } else {
      const dressed = combosquatTarget(install.ecosystem, name);
      const sibling = dressed
        ? undefined
        : siblingTarget(normalName(install.ecosystem, name), popular(install.ecosystem).all);
      const far = dressed || sibling ? undefined : farLookalikeTarget(install.ecosystem, name);
      if (dressed) findings.escalate("install", `"${name}" dresses up the popular package "${dressed}"`);
      else if (sibling) {
        findings.escalate("install", `"${name}" borrows the name of the popular package "${sibling}"`);
      } else if (far) findings.escalate("install", `"${name}" is one edit from the package "${far}"`);
      else if (misspeltHeadTarget(install.ecosystem, name)) {
        findings.escalate(
          "install",
          `"${name}" begins with a misspelling of the popular package "${
            misspeltHeadTarget(install.ecosystem, name)
          }"`,
        );
      } else if (
        fetchesToRun(install, argv) && !pinned(install.ecosystem, spec) &&
        !isPopularPackage(install.ecosystem, name)
      ) {
        // `npx -y x`, `uvx x`, `pipx run x`, `pnpm dlx x`: whatever version the registry serves now runs at once.
        findings.escalate(
          "install",
          `runs "${name}", a package neither popular nor pinned, fetched as it runs`,
        );
      }
    }
  }
}
