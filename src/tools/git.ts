/** The git tool group: status, diff, log, commit, push. git runs directly (never through a shell) inside the
 * sandbox through git_runner.ts; the push URL is resolved and checked by the engine before Shield judges it. */
import { z } from "zod";
import type { SandboxInfo } from "../sandbox/sandbox.ts";
import type { HostResolver } from "../sandbox/ssrf_guard.ts";
import { resolveInWorkspace } from "../workspace/workspace_paths.ts";
import { type AnyTool, type ToolDefinition, type ToolResult } from "./types.ts";
import { ToolError } from "../lib/errors.ts";
import { createGitRunner, type Git, type GitResult, readRepositoryConfig } from "./git_runner.ts";
import { planPush, pushUrlOf } from "./git_remote.ts";

export interface GitToolOptions {
  workspace: string;
  /** Per git invocation (default 60). */
  timeoutSeconds?: number;
  /** Output bytes returned (default 100_000). */
  maxOutputBytes?: number;
  /** PATH for git (default the usual system directories). */
  path?: string;
  /** When active, every git command runs inside it; without it, a repository config holding more than data
   * is refused. */
  sandbox?: SandboxInfo;
  /** Hosts git_push may reach despite the SSRF guard, over plain http too (tests only). */
  allowHosts?: string[];
  resolveHost?: HostResolver;
}

const DEFAULT_AUTHOR = { name: "Parapet", email: "parapet@localhost" };
const SAFE_NAME = /^(?!-)[A-Za-z0-9._\/-]+$/;
/** Engine state is never staged: excluded on the command line, not by a .gitignore the agent could edit. */
const NOT_ENGINE_STATE = ":(top,exclude).engine";

export function createGitTools(options: GitToolOptions): AnyTool[] {
  const workspace = Deno.realPathSync(options.workspace);
  const git = createGitRunner({ ...options, workspace });
  return [
    statusTool(git),
    diffTool(git, workspace),
    logTool(git),
    commitTool(git, workspace),
    pushTool(git, workspace, options),
  ];
}

function checked(command: string, result: GitResult): string {
  if (result.code !== 0) {
    throw new ToolError(`Cannot run git ${command}: ${result.output || `exit code ${result.code}`}`);
  }
  return result.output;
}

function ok(output: string): ToolResult {
  return { output, isError: false };
}

function statusTool(git: Git): ToolDefinition<Record<string, never>> {
  return {
    name: "git_status",
    group: "git",
    description: "Show the branch and changed files of the workspace repository.",
    parameters: z.object({}),
    writes: false,
    async execute() {
      return ok(checked("status", await git(["status", "--short", "--branch"])) || "(clean)");
    },
  };
}

const diffArgs = z.object({ path: z.string().optional().describe("Limit the diff to this path") });

function diffTool(git: Git, workspace: string): ToolDefinition<z.infer<typeof diffArgs>> {
  return {
    name: "git_diff",
    group: "git",
    description: "Show unstaged and staged changes, optionally for one path.",
    parameters: diffArgs,
    writes: false,
    async execute(args) {
      const limit = args.path === undefined ? [] : ["--", await inWorkspace(workspace, args.path, "diff")];
      const flags = ["diff", "--no-color", "--no-ext-diff", "--no-textconv"];
      const unstaged = checked("diff", await git([...flags, ...limit]));
      const staged = checked("diff", await git([...flags, "--cached", ...limit]));
      if (!unstaged && !staged) return ok("No changes");
      const parts = [];
      if (unstaged) parts.push(`Unstaged changes:\n${unstaged}`);
      if (staged) parts.push(`Staged changes:\n${staged}`);
      return {
        output: parts.join("\n\n"),
        isError: false,
        reads: { paths: args.path ? [args.path] : ["."] },
      };
    },
  };
}

const logArgs = z.object({
  limit: z.number().int().min(1).max(200).optional().describe("Commits (default 20)"),
});

function logTool(git: Git): ToolDefinition<z.infer<typeof logArgs>> {
  return {
    name: "git_log",
    group: "git",
    description: "Show recent commits: hash, date, author and subject.",
    parameters: logArgs,
    writes: false,
    async execute(args) {
      const result = await git([
        "log",
        "--no-color",
        `-n${args.limit ?? 20}`,
        "--date=short",
        "--format=%h %ad %an: %s",
      ]);
      if (result.code !== 0 && /does not have any commits/.test(result.output)) return ok("No commits yet");
      return ok(checked("log", result));
    },
  };
}

const commitArgs = z.object({
  message: z.string().min(1).describe("Commit message"),
  paths: z.array(z.string()).optional().describe("Paths to stage and commit (default: every change)"),
});

function commitTool(git: Git, workspace: string): ToolDefinition<z.infer<typeof commitArgs>> {
  return {
    name: "git_commit",
    group: "git",
    description: "Stage the given paths (or every change) and commit them with a message. Hooks never run " +
      "and the engine's own state (.engine/) is never committed.",
    parameters: commitArgs,
    writes: true,
    // History is its own record (and git can undo a commit); no working-tree file changes.
    affectedPaths: () => [],
    async execute(args) {
      const paths = [];
      for (const entry of args.paths ?? []) paths.push(await inWorkspace(workspace, entry, "commit"));
      const scope = paths.length ? paths : ["."];
      // Filters never run here: committing raw content where the repository expects e.g. LFS pointers is worse
      // than not committing.
      const filters = (await readRepositoryConfig(workspace, "commit")).filter((entry) =>
        /^filter\./.test(entry.key)
      );
      if (filters.length > 0) {
        throw new ToolError(
          `Cannot commit: the repository config defines filters ("${filters[0].key}"; Git LFS is one), ` +
            "which git tools never run: commit by hand",
        );
      }
      // Engine state tracked by an earlier commit leaves the index (the files stay on disk).
      checked("rm", await git(["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", ".engine"]));
      checked("add", await git(["add", "-A", "--", ...scope, NOT_ENGINE_STATE]));
      const author = await authorConfig(git);
      const only = paths.length ? ["--", ...paths, NOT_ENGINE_STATE] : [];
      const result = await git([...author, "commit", "--no-verify", "-m", args.message, ...only]);
      if (result.code !== 0 && /nothing (added )?to commit|no changes added/.test(result.output)) {
        return { output: "Nothing to commit", isError: true };
      }
      return ok(checked("commit", result));
    },
  };
}

/** Uses the repository's identity when configured, else a default one, without writing any config. */
async function authorConfig(git: Git): Promise<string[]> {
  const name = await git(["config", "user.name"]);
  const email = await git(["config", "user.email"]);
  const config = [];
  if (name.code !== 0 || !name.output) config.push("-c", `user.name=${DEFAULT_AUTHOR.name}`);
  if (email.code !== 0 || !email.output) config.push("-c", `user.email=${DEFAULT_AUTHOR.email}`);
  return config;
}

const pushArgs = z.object({
  remote: z.string().optional().describe("Configured remote name (default origin)"),
  branch: z.string().optional().describe("Branch to push (default the current branch)"),
  force: z.boolean().optional().describe("Force with lease (never a blind force)"),
});
/** `url` is filled in by the engine from the repository config before Shield judges the call. */
type PushArgs = z.infer<typeof pushArgs> & { url?: string };

function pushTool(git: Git, workspace: string, options: GitToolOptions): ToolDefinition<PushArgs> {
  const resolve = async (args: PushArgs): Promise<PushArgs & { url: string; remote: string }> => {
    const remote = args.remote ?? "origin";
    if (!SAFE_NAME.test(remote)) throw new ToolError(`Cannot push: invalid remote name "${remote}"`);
    const url = pushUrlOf(await readRepositoryConfig(workspace, "push"), remote);
    await planPush(remote, url, options);
    const branch = args.branch ?? checked("rev-parse", await git(["rev-parse", "--abbrev-ref", "HEAD"]));
    if (branch === "HEAD") throw new ToolError("Cannot push: HEAD is detached, name a branch");
    if (!SAFE_NAME.test(branch)) throw new ToolError(`Cannot push: invalid branch name "${branch}"`);
    return { ...args, remote, branch, url };
  };
  return {
    name: "git_push",
    group: "git",
    description: "Push a branch to a configured https remote; force uses --force-with-lease.",
    parameters: pushArgs,
    writes: true,
    affectedPaths: () => [],
    resolveArguments: resolve,
    async execute(args) {
      const judged = args.url && args.remote && args.branch ? args : await resolve(args);
      const remote = judged.remote!;
      const current = pushUrlOf(await readRepositoryConfig(workspace, "push"), remote);
      if (current !== judged.url) {
        throw new ToolError(`Cannot push: the URL of remote "${remote}" changed since it was judged`);
      }
      const plan = await planPush(remote, judged.url!, options);
      const force = judged.force ? ["--force-with-lease"] : [];
      const refspec = `refs/heads/${judged.branch}:refs/heads/${judged.branch}`;
      return ok(checked("push", await git(["push", "--porcelain", ...force, remote, refspec], plan)));
    },
  };
}

async function inWorkspace(workspace: string, path: string, action: string): Promise<string> {
  return await resolveInWorkspace(workspace, path, { action });
}
