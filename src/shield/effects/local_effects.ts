/** Effects on this machine's files: writes and reads classed by what the path is (the engine's files,
 * persistence places, secret stores, outside the workspace), and what written content sets up (weakened checks,
 * hidden instructions, images, configuration that runs or installs things later). */

import { judgeWrittenLeaks } from "./written_leaks.ts";
import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { NormalPath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath, type PathClass } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { judgeConfigWrites, remoteAdds, writtenImages } from "./config_files.ts";
import { judgeImage } from "./containers.ts";
import { judgeWeakenedCode } from "./weakened_code.ts";
import { clearsToolCachesOnly, isCacheOperand } from "./cache_deletes.ts";
import { judgeSafeguardEdits } from "./bypassed_safeguards.ts";
import { writtenRole } from "../quoted_files.ts";
import { judgeHiddenInstructions } from "./standing_instructions.ts";
import { judgeInstallHooks } from "./install_hooks.ts";
import { NEEDS } from "./check_needs.ts";

export interface ClassedPath {
  path: NormalPath;
  kind: PathClass;
}

/** Paths up to this many are told apart by comparing them (round 24 of speed: most actions name one to three, and a
 * set per call cost more than the comparisons); more go through a set. */
const LINEAR_PATHS = 8;

/** Whether `entries` hold the path `absolute`. */
function listed(entries: readonly ClassedPath[], absolute: string): boolean {
  for (let k = 0; k < entries.length; k++) if (entries[k].path.absolute === absolute) return true;
  return false;
}

/** The paths not among `writes` (by absolute form): what the action reads without writing. */
export function unwrittenPaths(paths: NormalPath[], writes: readonly ClassedPath[]): NormalPath[] {
  if (writes.length === 0) return paths;
  if (writes.length <= LINEAR_PATHS) return paths.filter((path) => !listed(writes, path.absolute));
  const written = new Set(writes.map((entry) => entry.path.absolute));
  return paths.filter((path) => !written.has(path.absolute));
}

/** Each distinct path (by absolute form, first seen kept) with its class. */
export function classed(paths: NormalPath[], environment: ShieldEnvironment): ClassedPath[] {
  if (paths.length === 0) return [];
  const seen = paths.length > LINEAR_PATHS ? new Set<string>() : undefined;
  const out: ClassedPath[] = [];
  for (const path of paths) {
    const absolute = path.absolute;
    if (seen === undefined ? listed(out, absolute) : seen.has(absolute)) continue;
    seen?.add(absolute);
    out.push({ path, kind: classifyPath(path, environment) });
  }
  return out;
}

export function judgeWrites(view: ActionView, writes: ClassedPath[], findings: Findings): void {
  const keyscan = view.segments.some((segment) => segment.argv[0] === "ssh-keyscan");
  // Round 79: named tool caches under a home cleared by `rm -r` alone (cache_deletes.ts).
  let caches: boolean | undefined;
  for (const { path, kind } of writes) {
    if (
      (kind === "personal" || kind === "other") && isCacheOperand(path.absolute) &&
      (caches ??= clearsToolCachesOnly(view))
    ) {
      continue;
    }
    const shown = path.relative ?? path.absolute;
    if (kind === "engine") findings.block("engine", `changes the engine's control file "${shown}"`);
    else if (kind === "persistence" && path.relative === undefined) {
      findings.block(
        "persistence",
        `writes "${shown}", which runs code at login, on a schedule or on git commands`,
      );
    } else if (kind === "startup-file") {
      findings.escalate("persistence", `changes the start-up file "${shown}"`);
    } else if (kind === "trust" && !keyscan) {
      findings.escalate("persistence", `changes what this machine trusts ("${shown}")`);
    } else if (kind === "scheduled-instructions") {
      // Inside the workspace too: the engine's own scheduler acts on it unattended.
      findings.escalate(
        "persistence",
        `changes "${shown}", standing instructions a scheduler runs unattended`,
      );
    } else if (kind === "agent-instructions" && path.relative === undefined) {
      findings.escalate("persistence", `changes another agent's settings or instructions ("${shown}")`);
    } else if (kind === "secret" && path.relative === undefined) {
      findings.escalate("write", `changes "${shown}", a secret store`);
    } else if (kind === "secret-container") {
      findings.escalate("delete", `changes "${shown}", which holds secret stores`);
    } else if (kind === "personal" || kind === "other" || kind === "system") {
      findings.escalate("write", `changes "${shown}" outside the workspace`);
    }
  }
}

/** Agent configuration that names MCP servers and their environment (tokens live there). */
const AGENT_CONFIG_WITH_KEYS =
  /(?:^|\/)(?:\.?mcp\.json|mcp_config\.json|\.claude\.json|claude_desktop_config\.json|\.aider\.conf\.ya?ml|\.gemini\/settings\.json|\.continue\/config\.(?:json|ya?ml)|\.codex\/config\.toml)$/i;

export function judgeReads(reads: ClassedPath[], findings: Findings): void {
  for (const { path, kind } of reads) {
    if (kind === "engine" && !/\/\.engine(?:\/|$)/.test(path.absolute)) {
      findings.escalate("engine", `reads the engine's control file "${path.relative ?? path.absolute}"`);
    }
    if (
      kind === "agent-instructions" && path.relative === undefined &&
      AGENT_CONFIG_WITH_KEYS.test(path.absolute)
    ) {
      findings.escalate(
        "read",
        `reads another agent's configuration "${path.absolute}", where its tokens are kept`,
      );
    }
  }
}

/** What written content sets up for later: weakened checks, hidden instructions, images and files fetched into
 * them, configuration of tools, registries, CI and agents. */
/** Explicit embeddings, overrides and isolates (Trojan Source, CVE-2021-42574): in source code they make the
 * text a reviewer sees differ from what the compiler reads. Marks (U+200E/U+200F) are left to translations. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const SOURCE_FILE =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|kts|scala|swift|c|cc|cpp|cxx|h|hpp|cs|php|pl|pm|sh|bash|zsh|ps1|lua|sql|ya?ml|toml|json|tf)$/i;

export function judgeWrittenContent(
  view: ActionView,
  writes: ClassedPath[],
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
  summary: number,
): void {
  const removed = typeof view.payload.removed === "string" ? view.payload.removed : undefined;
  const written = contents.join("\n");
  const paths = writes.map((entry) => entry.path.absolute);
  // Each check below reads the written texts or the replaced one (`NEEDS`): a command's redirection writes none.
  if (summary & NEEDS.weakenedCode) judgeWeakenedCode(view.tool, removed, contents, findings, paths);
  if (summary & NEEDS.safeguardEdits) {
    // A file tool's own text; under a content key Shield does not name, all it writes (a command's is unseen).
    const fileText = typeof view.payload.content === "string"
      ? view.payload.content
      : view.segments.length === 0 && contents.length > 0
      ? written
      : undefined;
    judgeSafeguardEdits(view.tool, paths, removed, contents, findings, fileText);
  }
  if (summary & NEEDS.installHooks) judgeInstallHooks(view.tool, paths, contents, findings);
  // Test data, eval sets, rules and translations quote hidden orders as samples (round 16). Nothing is hidden in no
  // text (a command's redirection writes none Shield sees): the files' role is not asked for then.
  if (written !== "" && writtenRole(writes.map((entry) => entry.path.absolute)) !== "data") {
    judgeHiddenInstructions(view.tool, written, findings);
  }
  // Judged on the payload as sent: the texts Shield scans have invisible characters taken out. The written paths
  // are asked first: a document or data file spares a pass over every payload string.
  if (
    writes.some((entry) => SOURCE_FILE.test(entry.path.absolute)) &&
    Object.values(view.payload).some((value) => typeof value === "string" && BIDI_CONTROL.test(value))
  ) {
    findings.escalate(
      "write",
      "writes code holding bidirectional control characters, which show it reordered",
    );
  }
  for (const entry of writes) {
    if ((summary & NEEDS.writtenBuildImages) === 0) break;
    for (const image of writtenImages(entry.path.absolute, written)) judgeImage(image, environment, findings);
    for (const url of remoteAdds(entry.path.absolute, written)) {
      const host = readHost(url, environment);
      if (host && !host.allowed && !host.loopback) {
        findings.escalate("install", `the image build fetches "${url.slice(0, 80)}" into the image`);
      }
    }
  }
  if ((summary & (NEEDS.configWrites | NEEDS.writtenLeaks)) === 0) return;
  const lowered = writes.map((entry) => entry.path.absolute.toLowerCase());
  if (summary & NEEDS.configWrites) judgeConfigWrites(lowered, contents, environment, findings);
  if (summary & NEEDS.writtenLeaks) judgeWrittenLeaks(view.tool, lowered, contents, environment, findings);
}
