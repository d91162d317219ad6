/** The git tool group: status, diff, log, commit, push. git runs directly (never through a shell), with
 * repository hooks and external helpers disabled, and local commands inside the sandbox when it is active. */
import { z } from "zod";
import { type SandboxInfo, wrapCommand } from "../security/sandbox.ts";
import { resolveInWorkspace } from "../security/workspace_paths.ts";
import { type AnyTool, type ToolDefinition, ToolError, type ToolResult } from "./types.ts";
import { runProcess } from "./process_runner.ts";

export interface GitToolOptions {
  workspace: string;
  /** Per git invocation (default 60). */
  timeoutSeconds?: number;
  /** Output bytes returned (default 100_000). */
  maxOutputBytes?: number;
  /** HOME for git (its global config and credentials); default the workspace. */
  home?: string;
  /** PATH for git (default the usual system directories). */
  path?: string;
  /** Extra environment for git_push (e.g. SSH_AUTH_SOCK). Never the engine's whole environment. */
  pushEnv?: Record<string, string>;
  /** When active, every git command but push runs inside it (push needs the network). */
  sandbox?: SandboxInfo;
}

const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const DEFAULT_AUTHOR = { name: "Parapet", email: "parapet@localhost" };
// A workspace the model can write to must not get code run through git: hooks, fsmonitor, ext:: remotes.
const SAFETY_CONFIG = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "protocol.ext.allow=never",
];
const SAFE_NAME = /^(?!-)[A-Za-z0-9._\/-]+$/;

type Git = (args: string[], mode?: { network?: boolean }) => Promise<{ code: number; output: string }>;

export function createGitTools(options: GitToolOptions): AnyTool[] {
  const workspace = Deno.realPathSync(options.workspace);
  const git: Git = async (args, mode = {}) => {
    const argv = ["git", ...SAFETY_CONFIG, "--no-pager", ...args];
    const sandboxed = !mode.network && options.sandbox ? wrapCommand(options.sandbox, workspace, argv) : argv;
    const result = await runProcess({
      argv: sandboxed,
      cwd: workspace,
      env: {
        PATH: options.path ?? DEFAULT_PATH,
        HOME: options.home ?? workspace,
        LANG: "C.UTF-8",
        GIT_TERMINAL_PROMPT: "0",
        GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
        ...(mode.network ? options.pushEnv : {}),
      },
      timeoutMs: (options.timeoutSeconds ?? 60) * 1000,
      maxOutputBytes: options.maxOutputBytes ?? 100_000,
    });
    if (result.timedOut) throw new ToolError(`Cannot run git ${args[0]}: timed out`);
    return { code: result.code, output: result.output.trimEnd() };
  };
  return [statusTool(git), diffTool(git, workspace), logTool(git), commitTool(git, workspace), pushTool(git)];
}

function checked(command: string, result: { code: number; output: string }): string {
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
    description: "Stage the given paths (or every change) and commit them with a message.",
    parameters: commitArgs,
    writes: true,
    // History is its own record (and git can undo a commit); the working tree is not changed.
    affectedPaths: () => [],
    async execute(args) {
      const paths = [];
      for (const entry of args.paths ?? []) paths.push(await inWorkspace(workspace, entry, "commit"));
      const scope = paths.length ? ["--", ...paths] : [];
      checked("add", await git(["add", "-A", ...scope]));
      const author = await authorConfig(git);
      const result = await git([...author, "commit", "--no-verify", "-m", args.message, ...scope]);
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

function pushTool(git: Git): ToolDefinition<z.infer<typeof pushArgs>> {
  return {
    name: "git_push",
    group: "git",
    description: "Push a branch to a configured remote; force uses --force-with-lease.",
    parameters: pushArgs,
    writes: true,
    affectedPaths: () => [],
    async execute(args) {
      const remote = args.remote ?? "origin";
      const remotes = checked("remote", await git(["remote"])).split("\n").filter(Boolean);
      if (!remotes.includes(remote)) {
        throw new ToolError(
          `Cannot push: unknown remote "${remote}" (configured: ${remotes.join(", ") || "none"})`,
        );
      }
      const branch = args.branch ?? checked("rev-parse", await git(["rev-parse", "--abbrev-ref", "HEAD"]));
      if (branch === "HEAD") throw new ToolError("Cannot push: HEAD is detached, name a branch");
      if (!SAFE_NAME.test(branch)) throw new ToolError(`Cannot push: invalid branch name "${branch}"`);
      const force = args.force ? ["--force-with-lease"] : [];
      const result = await git([
        "push",
        "--porcelain",
        ...force,
        remote,
        `refs/heads/${branch}:refs/heads/${branch}`,
      ], {
        network: true,
      });
      return ok(checked("push", result));
    },
  };
}

async function inWorkspace(workspace: string, path: string, action: string): Promise<string> {
  return await resolveInWorkspace(workspace, path, { action });
}
