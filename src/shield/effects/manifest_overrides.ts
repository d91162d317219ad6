/** Manifest sections that swap a dependency for another source across the whole build: Cargo's `[patch....]` and
 * `[replace]` with a `git =` or `path =` outside the project, npm/yarn `overrides`/`resolutions` to a git or URL
 * source. The dependency keeps its trusted name while someone else's code is built. */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const CARGO = /(?:^|\/)Cargo\.toml$/i;
const PACKAGE_JSON = /(?:^|\/)package\.json$/i;
const CARGO_PATCH = /^\s*\[(?:patch\.[^\]]+|replace)\]\s*$([\s\S]*?)(?=^\s*\[|$(?![\s\S]))/gm;
const OVERRIDE_SOURCE =
  /"(?:overrides|resolutions|pnpm)"\s*:\s*\{[^}]{0,2000}?"[^"]+"\s*:\s*"(?:git\+|github:|git:|https?:\/\/|file:\.\.\/)/;

export function judgeManifestOverrides(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const text = contents.join("\n");
  if (text.length > 256 * 1024) return;
  if (paths.some((path) => CARGO.test(path))) {
    for (const match of matchesOf(CARGO_PATCH, text)) {
      if (/\bgit\s*=|\bpath\s*=\s*["'](?:\/|\.\.)/.test(match[1])) {
        findings.escalate("install", "patches a crate with another source for the whole build");
        return;
      }
    }
  }
  if (paths.some((path) => PACKAGE_JSON.test(path)) && OVERRIDE_SOURCE.test(text)) {
    findings.escalate("install", "overrides a dependency with a git or URL source for the whole tree");
  }
}
