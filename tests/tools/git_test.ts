import assert from "node:assert/strict";
import * as path from "node:path";
import { detectSandbox, type SandboxInfo } from "../../src/security/sandbox.ts";
import { createGitTools } from "../../src/tools/git.ts";
import { ToolError, type ToolResult } from "../../src/tools/types.ts";

interface Repo {
  workspace: string;
  remote: string;
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  refused(name: string, args?: Record<string, unknown>): Promise<string>;
  git(...args: string[]): Promise<string>;
}

async function gitIn(cwd: string, home: string, ...args: string[]): Promise<string> {
  const output = await new Deno.Command("git", {
    args,
    cwd,
    env: { HOME: home, PATH: "/usr/bin:/bin", GIT_CONFIG_NOSYSTEM: "1" },
    clearEnv: true,
  }).output();
  const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  if (!output.success) throw new Error(`git ${args.join(" ")} failed: ${text}`);
  return text.trim();
}

async function withRepo(run: (repo: Repo) => Promise<void> | void, sandbox?: SandboxInfo) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "git_" }));
  const workspace = path.join(root, "ws");
  const remote = path.join(root, "remote.git");
  const home = path.join(root, "home");
  await Deno.mkdir(home);
  await Deno.mkdir(workspace);
  await gitIn(root, home, "init", "--bare", "-b", "main", remote);
  await gitIn(workspace, home, "init", "-b", "main");
  await gitIn(workspace, home, "remote", "add", "origin", remote);
  const tools = createGitTools({ workspace, home, timeoutSeconds: 30, sandbox });
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
    await run({ workspace, remote, call, refused, git: (...args) => gitIn(workspace, home, ...args) });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("createGitTools declares the git group with commit and push as writers", async () => {
  await withRepo(({ workspace }) => {
    const tools = createGitTools({ workspace });
    assert.deepEqual(tools.map((tool) => [tool.name, tool.group, tool.writes]), [
      ["git_status", "git", false],
      ["git_diff", "git", false],
      ["git_log", "git", false],
      ["git_commit", "git", true],
      ["git_push", "git", true],
    ]);
  });
});

Deno.test("git_status, git_diff and git_log describe a fresh repository", async () => {
  await withRepo(async ({ workspace, call }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    assert.match((await call("git_status")).output, /## No commits yet on main\n\?\? a\.txt/);
    assert.equal((await call("git_log")).output, "No commits yet");
    assert.equal((await call("git_diff")).output, "No changes");
  });
});

Deno.test("git_commit commits with the default author when none is configured", async () => {
  await withRepo(async ({ workspace, call, git }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    const result = await call("git_commit", { message: "Add a" });
    assert.equal(result.isError, false);
    assert.match(result.output, /Add a/);
    assert.equal(await git("log", "-1", "--format=%an <%ae> %s"), "Parapet <parapet@localhost> Add a");
    assert.match((await call("git_log")).output, /Parapet: Add a/);
  });
});

Deno.test("git_commit uses the repository's configured author", async () => {
  await withRepo(async ({ workspace, call, git }) => {
    await git("config", "user.name", "Ada");
    await git("config", "user.email", "ada@example.com");
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "Mine" });
    assert.equal(await git("log", "-1", "--format=%an <%ae>"), "Ada <ada@example.com>");
  });
});

Deno.test("git_commit with paths commits only those paths and reports nothing to commit", async () => {
  await withRepo(async ({ workspace, call, git }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "a\n");
    await Deno.writeTextFile(path.join(workspace, "b.txt"), "b\n");
    await call("git_commit", { message: "Only a", paths: ["a.txt"] });
    assert.equal(await git("show", "--name-only", "--format=", "HEAD"), "a.txt");
    assert.match(await git("status", "--short"), /\?\? b\.txt/);
    await call("git_commit", { message: "Rest" });
    const nothing = await call("git_commit", { message: "Again" });
    assert.deepEqual(nothing, { output: "Nothing to commit", isError: true });
  });
});

Deno.test("git_commit refuses paths outside the workspace and never runs repository hooks", async () => {
  await withRepo(async ({ workspace, refused, call }) => {
    assert.match(
      await refused("git_commit", { message: "x", paths: ["../outside"] }),
      /outside the workspace/,
    );
    const marker = path.join(workspace, "..", "hook_ran");
    const hook = path.join(workspace, ".git/hooks/pre-commit");
    await Deno.writeTextFile(hook, `#!/bin/sh\ntouch ${marker}\n`);
    await Deno.chmod(hook, 0o755);
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "a\n");
    await call("git_commit", { message: "With hook present" });
    assert.equal(await Deno.lstat(marker).then(() => true, () => false), false);
  });
});

Deno.test("git_diff shows unstaged and staged changes for a path", async () => {
  await withRepo(async ({ workspace, call, git }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "First" });
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "two\n");
    const diff = await call("git_diff", { path: "a.txt" });
    assert.match(diff.output, /^Unstaged changes:\n[\s\S]*-one\n\+two/);
    await git("add", "a.txt");
    assert.match((await call("git_diff")).output, /^Staged changes:\n[\s\S]*\+two/);
  });
});

Deno.test("git_push pushes the current branch to a local bare remote", async () => {
  await withRepo(async ({ workspace, remote, call }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "First" });
    const pushed = await call("git_push");
    assert.equal(pushed.isError, false);
    assert.match(pushed.output, /refs\/heads\/main/);
    assert.equal(await gitIn(remote, remote, "log", "--format=%s", "main"), "First");
  });
});

Deno.test("git_push force uses --force-with-lease and rewrites the remote branch", async () => {
  await withRepo(async ({ workspace, remote, call, git }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "First" });
    await call("git_push");
    await git("-c", "user.name=T", "-c", "user.email=t@t", "commit", "--amend", "-m", "Rewritten");
    await assert.rejects(call("git_push"), /rejected|non-fast-forward/);
    const forced = await call("git_push", { force: true, remote: "origin", branch: "main" });
    assert.match(forced.output, /forced update|\+/);
    assert.equal(await gitIn(remote, remote, "log", "--format=%s", "main"), "Rewritten");
  });
});

Deno.test("git_push refuses unknown remotes and option-like branch names", async () => {
  await withRepo(async ({ refused }) => {
    const message = await refused("git_push", { remote: "https://evil.example/x.git" });
    assert.equal(message, 'Cannot push: unknown remote "https://evil.example/x.git" (configured: origin)');
    assert.match(await refused("git_push", { branch: "--delete" }), /invalid branch name "--delete"/);
  });
});

Deno.test("git tools run local commands inside the sandbox and still commit", async () => {
  const sandbox = await detectSandbox();
  await withRepo(async ({ workspace, call, git }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "Sandboxed" });
    assert.equal(await git("log", "-1", "--format=%s"), "Sandboxed");
    assert.match((await call("git_push")).output, /refs\/heads\/main/);
  }, sandbox);
});
