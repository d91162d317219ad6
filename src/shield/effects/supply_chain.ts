/** Package installs judged: from the manifest or lockfile -> nothing to say; from a URL, tarball, git source or
 * a custom index -> ESCALATE (a lookalike of a default registry -> BLOCK); a name one or two edits away from a
 * popular package that is not itself popular -> BLOCK as a likely typosquat (names judged in package_lookalikes.ts). */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath } from "./path_classes.ts";
import { nearPopularReason } from "./near_names.ts";
import { type Ecosystem, isPopularPackage, typosquatTarget } from "./package_lookalikes.ts";
import { publicRegistryConfusion } from "./public_registry_names.ts";

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
  // Round 64: a proxy carries the install, it is no package (`outside_proxies.ts` judges it).
  "--proxy",
  "--https-proxy",
  "--http-proxy",
  // conda: the environment's name and the channel.
  "-n",
  "--name",
  "--channel",
]);
const INDEX_OPTIONS =
  /^(?:--registry|-i|--index-url|--extra-index-url|--trusted-host|-f|--find-links|--index|--git)$/;

/** A find-links value that is a folder, not a host (`wheels/`, `./vendor`, `/opt/wheels`): no scheme, and a first
 * part without a dot (a host has one: `pypi.corp.example/simple`). Round 39: `wheels/` read as a host. */
const LOCAL_FOLDER = /^(?![a-z][a-z0-9+.-]*:)(?:[.~/]|[^/.:]+(?:\/|$))/i;

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
      const value = glued ?? rest[i + 1] ?? "";
      if (INDEX_OPTIONS.test(name) && !(/^(?:-f|--find-links)$/.test(name) && LOCAL_FOLDER.test(value))) {
        indexes.push(value);
      }
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
  const names = install.specs.map((spec) => specName(install.ecosystem, spec) ?? "");
  const confusion = install.indexes.length > 0
    ? publicRegistryConfusion(install.ecosystem, install.indexes, names)
    : undefined;
  if (confusion) findings.escalate("install", confusion);
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
      const near = nearPopularReason(install.ecosystem, name);
      if (near) findings.escalate("install", `"${name}" ${near}`);
      else if (
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
