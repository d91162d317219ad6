/** A throwaway git repository for tests: a workspace with an `origin` served over smart HTTP, the git tools bound
 * to it, and `gitIn`, which runs git with a clean environment (no user or system config). */
import assert from "node:assert/strict";
import * as path from "node:path";
import { detectSandbox, type SandboxInfo } from "../../src/sandbox/sandbox.ts";
import { createGitTools, type GitToolOptions } from "../../src/tools/git.ts";
import type { AnyTool, ToolResult } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";
import { type GitHttpServer, startGitHttpServer } from "./git_http_server.ts";

export const NO_SANDBOX: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };
export const sandbox = await detectSandbox();

export interface Repo {
  root: string;
  workspace: string;
  /** The bare repository behind the HTTP remote. */
  remote: string;
  server: GitHttpServer;
  tools: AnyTool[];
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  refused(name: string, args?: Record<string, unknown>): Promise<string>;
  git(...args: string[]): Promise<string>;
}

/** Runs git in `cwd` with a clean environment; throws with its output when it fails. */
export async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  const output = await new Deno.Command("git", {
    args,
    cwd,
    env: { HOME: "/nonexistent", PATH: "/usr/bin:/bin", GIT_CONFIG_NOSYSTEM: "1" },
    clearEnv: true,
  }).output();
  const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  if (!output.success) throw new Error(`git ${args.join(" ")} failed: ${text}`);
  return text.trim();
}

export interface RepoOptions {
  sandbox?: SandboxInfo;
  requireAuth?: boolean;
  tools?: Partial<GitToolOptions>;
}

/** Runs `run` against a fresh repository and its HTTP remote, then stops the server and removes both. */
export async function withRepo(run: (repo: Repo) => Promise<void> | void, options: RepoOptions = {}) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "git_" }));
  const workspace = path.join(root, "ws");
  const remote = path.join(root, "served", "remote.git");
  await Deno.mkdir(path.join(root, "served"));
  await Deno.mkdir(workspace);
  await gitIn(root, "init", "-q", "--bare", "-b", "main", remote);
  await gitIn(workspace, "init", "-q", "-b", "main");
  const server = startGitHttpServer(path.join(root, "served"), { requireAuth: options.requireAuth });
  await gitIn(workspace, "remote", "add", "origin", `${server.url}/remote.git`);
  const tools = createGitTools({
    workspace,
    timeoutSeconds: 30,
    sandbox: options.sandbox ?? sandbox,
    allowHosts: ["127.0.0.1"],
    ...options.tools,
  });
  const context = { sessionId: "t", signal: new AbortController().signal };
  const call = (name: string, args: Record<string, unknown> = {}) =>
    tools.find((tool) => tool.name === name)!.execute(args, context);
  const refused = async (name: string, args: Record<string, unknown> = {}) => {
    try {
      const result = await call(name, args);
      assert.fail(`expected ${name} to fail, got ${result.output}`);
    } catch (error) {
      assert.ok(error instanceof ToolError, `expected ToolError, got ${error}`);
      return error.message;
    }
  };
  try {
    await run({
      root,
      workspace,
      remote,
      server,
      tools,
      call,
      refused,
      git: (...args) => gitIn(workspace, ...args),
    });
  } finally {
    await server.close();
    await Deno.remove(root, { recursive: true });
  }
}

export const exists = (entry: string) => Deno.lstat(entry).then(() => true, () => false);
