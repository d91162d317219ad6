/** The engine's own files, out of the agent's reach whatever Shield decides: built once from the layout, checked
 * by every file tool against a real path (symlinks resolved). The shell sandbox can bind the same list read-only. */
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export interface ProtectedPathInputs {
  /** The workspace (resolved to its real path here). */
  workspace: string;
  configPath?: string;
  /** Shield policy, learned rules, IFC policy: the files and (unless it holds the workspace) their folders. */
  policyFiles?: string[];
  /** Folder holding main.ts and src/ (default: the checkout this module belongs to). */
  sourceRoot?: string;
  /** Folder the web UI is served from (default: `<sourceRoot>/web`). */
  webRoot?: string;
}

export interface ProtectedEntry {
  /** Real absolute path. */
  path: string;
  /** The entry and everything below it. */
  tree: boolean;
  /** Reads are refused too, not only changes. */
  noRead: boolean;
  /** Part of a tree that stays open (the workspace, when the tree holds it). */
  except?: string;
  /** Why it is protected, e.g. "the engine's configuration". */
  reason: string;
}

export interface ProtectedPaths {
  workspace: string;
  entries: readonly ProtectedEntry[];
}

export type Access = "read" | "write";

/** The checkout holding main.ts, src/ and web/. */
export function engineSourceRoot(): string {
  return path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
}

/** Identity files in the workspace that only the human edits (memory_write keeps MEMORY.md and USER.md). */
const HUMAN_ONLY_FILES = ["IDENTITY.md", "AGENTS.md"] as const;

export function buildProtectedPaths(inputs: ProtectedPathInputs): ProtectedPaths {
  const workspace = realPathOf(inputs.workspace);
  const sourceRoot = realPathOf(inputs.sourceRoot ?? engineSourceRoot());
  const entries: ProtectedEntry[] = [
    entry(path.join(workspace, ".engine"), true, true, "the engine's database, audit trail and logs"),
    ...HUMAN_ONLY_FILES.map((name) =>
      entry(path.join(workspace, name), false, false, "an identity file only the human edits")
    ),
  ];
  if (inputs.configPath) {
    entries.push(entry(realPathOf(inputs.configPath), false, true, "the engine's configuration"));
  }
  const policyFolders = new Set<string>();
  for (const file of inputs.policyFiles ?? []) {
    const real = realPathOf(file);
    entries.push(entry(real, false, true, "a security policy the engine enforces"));
    policyFolders.add(path.dirname(real));
  }
  for (const folder of policyFolders) {
    // A folder that holds the workspace (policy_file beside config.yaml) cannot be closed as a whole.
    if (!isInside(folder, workspace)) {
      entries.push(entry(folder, true, true, "the security policies' folder"));
    }
  }
  entries.push(treeExcept(sourceRoot, workspace, "the engine's own source"));
  entries.push(
    treeExcept(realPathOf(inputs.webRoot ?? path.join(sourceRoot, "web")), workspace, "the web UI"),
  );
  return { workspace, entries };
}

/** Why `real` (a real absolute path) may not be accessed this way, or undefined when it may. */
export function protectionOf(paths: ProtectedPaths, real: string, access: Access): string | undefined {
  for (const candidate of paths.entries) {
    if (!covers(candidate, real)) continue;
    if (access === "write" || candidate.noRead) return candidate.reason;
  }
  if (access === "read") return undefined;
  return gitControlReason(isInside(paths.workspace, real) ? path.relative(paths.workspace, real) : real);
}

/** Why removing or moving the directory `real` as a whole would touch a protected entry below it. */
export function protectedBelow(paths: ProtectedPaths, real: string): string | undefined {
  for (const candidate of paths.entries) {
    if (candidate.path !== real && isInside(real, candidate.path)) return candidate.reason;
  }
  return undefined;
}

/** Paths a directory walk (search, grep, copy) must not enter or list. */
export function unreadablePaths(paths: ProtectedPaths): string[] {
  return paths.entries.filter((candidate) => candidate.noRead).map((candidate) => candidate.path);
}

/** Git runs hooks and obeys repository config (core.fsmonitor, aliases, filters), so neither is writable, in
 * any repository or submodule; nor is a `.git` entry itself (a `gitdir:` file would point git elsewhere).
 * `file` is workspace-relative when it lies in the workspace, so the workspace's own location never matches. */
export function gitControlReason(file: string): string | undefined {
  const parts = file.split(path.sep);
  const gitIndex = parts.indexOf(".git");
  if (gitIndex < 0) return undefined;
  const last = parts.length - 1;
  if (gitIndex === last) return "a git repository's control entry, which git trusts";
  const below = parts.slice(gitIndex + 1);
  if (below.includes("hooks")) return "git hooks, which git runs as programs";
  if (parts[last] === "config" || parts[last] === "config.worktree") {
    return "git configuration, which can make git run programs";
  }
  return undefined;
}

/** True when `candidate` is `root` itself or lies below it (both real, absolute). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/** Real path of an existing path, or of its longest existing ancestor with the missing rest appended. */
export function realPathOf(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let current = absolute;
  while (true) {
    try {
      const real = Deno.realPathSync(current);
      return missing.length ? path.join(real, ...missing.reverse()) : real;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

function covers(candidate: ProtectedEntry, real: string): boolean {
  if (!candidate.tree) return real === candidate.path;
  if (!isInside(candidate.path, real)) return false;
  return candidate.except === undefined || !isInside(candidate.except, real);
}

function entry(file: string, tree: boolean, noRead: boolean, reason: string): ProtectedEntry {
  return { path: file, tree, noRead, reason };
}

function treeExcept(root: string, workspace: string, reason: string): ProtectedEntry {
  const holdsWorkspace = root !== workspace && isInside(root, workspace);
  return { path: root, tree: true, noRead: false, reason, ...(holdsWorkspace ? { except: workspace } : {}) };
}
