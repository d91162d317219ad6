/** Where a lockfile says packages come from: every resolved, tarball, source or registry address in a written
 * lockfile (npm, yarn, pnpm, bun, Poetry, Pipenv, uv, PDM, Cargo, Composer, Bundler) is a package source, so a
 * lookalike registry BLOCKs and any host outside the allowed list escalates, as an index setting would. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

export const LOCKFILE =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.ya?ml|bun\.lock|poetry\.lock|pipfile\.lock|uv\.lock|pdm\.lock|cargo\.lock|composer\.lock|gemfile\.lock|deno\.lock)$/i;
/** A source address after a source key (`"resolved": "..."`, `resolved "..."`, `tarball: ...`, `source = "registry+..."`,
 * `remote: ...`, `"url": "..."`), with Cargo's `registry+`/`sparse+`/`git+` prefixes. */
const SOURCE =
  /\b(?:resolved|tarball|url|source|registry|remote|index|dist)["']?\s*[:=]?\s*[{"']?\s*(?:registry\s*=\s*)?["']?(?:(?:registry|sparse|git)\+)?((?:https?|git|ssh):\/\/[^\s"'#,}]+)/gi;
const MAX_SOURCES = 256;

export function judgeLockfile(
  path: string,
  text: string,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const shown = path.slice(path.lastIndexOf("/") + 1);
  const seen = new Set<string>();
  for (const match of matchesOf(SOURCE, text)) {
    if (seen.size >= MAX_SOURCES) return;
    const host = readHost(match[1], environment);
    if (!host || seen.has(host.host)) continue;
    seen.add(host.host);
    if (host.loopback || host.allowed) continue;
    if (host.lookalike) {
      findings.block(
        "install",
        `"${shown}" resolves packages from "${host.host}", a lookalike of "${host.lookalike}"`,
      );
      return;
    }
    findings.escalate("install", `"${shown}" resolves packages from "${host.host}"`);
    return;
  }
}
