/** Sources named inside written manifests and CI files, read from data/manifest_sources.ts: a dependency on a path
 * outside the workspace (`"file:../../../tmp/x"`, `path = "/tmp/x"`, a go.mod replacement folder), a repository or
 * remote CI include on a host that is not allowed (composer `repositories[].url`, GitLab `include: remote:`), an orb
 * that follows whatever is newest (`@volatile`) -> ESCALATE (a lookalike host -> BLOCK). */

import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { KNOWN_REGISTRIES } from "./containers.ts";
import { MANIFEST_SOURCES, type ManifestSourceRow } from "./data/manifest_sources.ts";
import { matchesOf } from "../match_all.ts";

const MAX_CHARS = 256 * 1024;
/** Every row's file pattern in one, so a written file none of them names costs one test. */
const ANY_FILE = new RegExp(MANIFEST_SOURCES.map((row) => `(?:${row.file.source})`).join("|"));

function folderOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at > 0 ? path.slice(0, at) : "/";
}

function judgeValue(
  row: ManifestSourceRow,
  value: string,
  manifest: string,
  environment: ShieldEnvironment,
  findings: Findings,
): boolean {
  const name = manifest.slice(manifest.lastIndexOf("/") + 1);
  if (row.kind === "path") {
    const path = normalizePath(value, folderOf(manifest), environment.shellHome);
    const kind = classifyPath(path, environment);
    if (kind === "workspace") return false;
    findings.escalate("install", `"${name}" takes code from "${value.slice(0, 80)}", outside the workspace`);
    return true;
  }
  if (row.kind === "unpinned") {
    findings.escalate("install", `"${name}" follows "${value.slice(0, 80)}" wherever its owner moves it`);
    return true;
  }
  if (row.kind === "url" && !/:\/\//.test(value)) {
    // `git@host:owner/repo` is an address; a relative path (`../lib`, Package.swift `path:`) is a folder.
    const ssh = /^[\w.-]+@([\w.-]+):/.exec(value);
    if (!ssh) return judgeValue({ ...row, kind: "path" }, value, manifest, environment, findings);
    value = `ssh://${ssh[1]}/`;
  }
  if (row.kind === "registry" && KNOWN_REGISTRIES.test(value.split("/")[0])) return false;
  const host = readHost(row.kind === "registry" ? `https://${value.split("/")[0]}/` : value, environment);
  if (!host || host.loopback || host.allowed) return false;
  if (host.lookalike) {
    findings.block("install", `"${name}" takes code from "${host.host}", a lookalike of "${host.lookalike}"`);
  } else findings.escalate("install", `"${name}" takes code from "${host.host}"`);
  return true;
}

/** Judges each written file against the rows for its name (paths are absolute; contents as written). */
export function judgeManifestSources(
  paths: readonly string[],
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const manifest of paths.slice(0, 8)) {
    const lower = manifest.toLowerCase();
    if (!ANY_FILE.test(lower)) continue;
    for (const row of MANIFEST_SOURCES) {
      if (!row.file.test(lower)) continue;
      for (const content of contents.slice(0, 4)) {
        if (content.length > MAX_CHARS || !content.includes(row.literal)) continue;
        for (const match of matchesOf(row.pattern, content)) {
          const value = match.slice(1).find((group) => group !== undefined);
          if (value && judgeValue(row, value, manifest, environment, findings)) return;
        }
      }
    }
  }
}
