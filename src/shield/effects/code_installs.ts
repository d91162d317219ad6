/** Installs written as code of R and Julia, whose package managers are libraries called from the language
 * (`Rscript -e 'remotes::install_github("owner/pkg")'`, `install.packages(x, repos = "http://...")`,
 * `julia -e 'Pkg.add(url = "https://...")'`): a package from a forge, a URL or a repository that is neither CRAN,
 * Bioconductor, R-universe nor an allowed host ESCALATEs, as the same install on a command line would.
 * Sources: https://remotes.r-lib.org/reference/ (install_github, install_url, install_git),
 * https://stat.ethz.ch/R-manual/R-devel/library/utils/html/install.packages.html (repos),
 * https://pkgdocs.julialang.org/v1/api/#Pkg.add (url, path). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { outsideValue } from "./package_sources.ts";
import { programs } from "./programs.ts";
import { matchesOf } from "../match_all.ts";

const LANGUAGES = programs(/^(?:Rscript|rscript|R|r|julia)$/);
/** R installers that take a forge reference, a git URL or an archive URL as their first argument. */
const R_FORGE_CALL =
  /\b(?:remotes|devtools|pak|githubinstall)\s*::\s*(?:install_github|install_gitlab|install_bitbucket|install_git|install_url|install_svn|pkg_install|pak)\s*\(\s*(?:repo\s*=\s*)?["']([^"']{1,300})["']/g;
const R_REPOS = /\brepos\s*=\s*(?:c\(\s*)?["']([^"']{1,300})["']/g;
const JULIA_SOURCE =
  /\bPkg\.(?:add|develop)\s*\((?:\s*PackageSpec\s*\()?[^)]*?\b(url|path)\s*=\s*"([^"]{1,300})"/g;
/** R's own package repositories (CRAN and its mirrors, Bioconductor, R-universe, Posit's package manager). */
const R_REPOSITORIES =
  /(?:^|\.)(?:r-project\.org|bioconductor\.org|r-universe\.dev|posit\.co|rstudio\.com|cran\.[\w.-]+)$/i;

function codeOf(segment: Segment): string | undefined {
  const at = segment.argv.findIndex((arg) => arg === "-e" || arg === "--eval");
  return at > 0 ? segment.argv[at + 1] : undefined;
}

function judgeR(code: string, environment: ShieldEnvironment, findings: Findings): boolean {
  for (const match of matchesOf(R_FORGE_CALL, code)) {
    const reference = match[1];
    if (!/[/:]/.test(reference)) continue; // a CRAN name (`pak::pkg_install("dplyr")`)
    findings.escalate("install", `R installs "${reference.slice(0, 80)}" from outside CRAN`);
    return true;
  }
  for (const match of matchesOf(R_REPOS, code)) {
    const host = readHost(match[1], environment);
    if (!host || host.loopback || host.allowed || R_REPOSITORIES.test(host.host)) continue;
    findings.escalate("install", `R installs from the repository "${host.host}"`);
    return true;
  }
  return false;
}

function judgeJulia(code: string, environment: ShieldEnvironment, findings: Findings): void {
  for (const match of matchesOf(JULIA_SOURCE, code)) {
    const outside = outsideValue(match[1] === "path" ? `file:${match[2]}` : match[2], environment);
    if (!outside) continue;
    findings.escalate("install", `Julia installs a package from ${outside.why}`);
    return;
  }
}

/** Whether judgeCodeInstalls looks at a segment of `program` (its loop starts with this test). */
export const installsCodeWith = (program: string): boolean => LANGUAGES.has(program);

export function judgeCodeInstalls(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!installsCodeWith(segment.program)) continue;
    const code = codeOf(segment);
    if (!code || code.length > 16 * 1024) continue;
    if (segment.program.toLowerCase() === "julia") judgeJulia(code, environment, findings);
    else if (judgeR(code, environment, findings)) return;
  }
}
