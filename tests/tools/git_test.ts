import assert from "node:assert/strict";
import * as path from "node:path";
import { detectSandbox, type SandboxInfo } from "../../src/sandbox/sandbox.ts";
import { createGitTools, type GitToolOptions } from "../../src/tools/git.ts";
import { type AnyTool, type ToolResult } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";
import { type GitHttpServer, startGitHttpServer } from "../support/git_http_server.ts";

const NO_SANDBOX: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };
const sandbox = await detectSandbox();

interface Repo {
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

async function gitIn(cwd: string, ...args: string[]): Promise<string> {
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

interface RepoOptions {
  sandbox?: SandboxInfo;
  requireAuth?: boolean;
  tools?: Partial<GitToolOptions>;
}

async function withRepo(run: (repo: Repo) => Promise<void> | void, options: RepoOptions = {}) {
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

const exists = (entry: string) => Deno.lstat(entry).then(() => true, () => false);

Deno.test("createGitTools declares the git group with commit and push as writers", async () => {
  await withRepo(({ tools }) => {
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

Deno.test("git tools refuse a workspace that is not a repository or whose .git points elsewhere", async () => {
  await withRepo(async ({ workspace, refused, root }) => {
    await Deno.rename(path.join(workspace, ".git"), path.join(root, "elsewhere.git"));
    assert.match(await refused("git_status"), /the workspace is not a git repository/);
    await Deno.writeTextFile(path.join(workspace, ".git"), `gitdir: ${root}/elsewhere.git\n`);
    assert.match(await refused("git_status"), /is not a plain directory/);
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

Deno.test("git_commit never stages engine state, even when an earlier commit tracked it", async () => {
  await withRepo(async ({ workspace, call, git }) => {
    await Deno.mkdir(path.join(workspace, ".engine/logs"), { recursive: true });
    await Deno.writeTextFile(path.join(workspace, ".engine/engine.db"), "sessions");
    await Deno.writeTextFile(path.join(workspace, ".engine/logs/engine.log"), "log");
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "a\n");
    await call("git_commit", { message: "Everything" });
    assert.equal(await git("show", "--name-only", "--format=", "HEAD"), "a.txt");
    await call("git_commit", { message: "Named", paths: [".engine/engine.db", "a.txt"] }).catch(() => {});
    assert.equal(await git("ls-files"), "a.txt");
    // A repository that already tracks .engine (committed by hand) loses it from the index on the next commit.
    await git("add", "-f", ".engine");
    await git("-c", "user.name=T", "-c", "user.email=t@t", "commit", "-q", "-m", "by hand");
    await Deno.writeTextFile(path.join(workspace, "b.txt"), "b\n");
    await call("git_commit", { message: "Next" });
    assert.equal(await git("ls-tree", "-r", "--name-only", "HEAD"), "a.txt\nb.txt");
    assert.equal(await exists(path.join(workspace, ".engine/engine.db")), true);
  });
});

Deno.test("git_commit refuses paths outside the workspace", async () => {
  await withRepo(async ({ refused }) => {
    assert.match(
      await refused("git_commit", { message: "x", paths: ["../outside"] }),
      /outside the workspace/,
    );
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

Deno.test("git_push pushes the current branch to a remote served over smart HTTP", async () => {
  await withRepo(async ({ workspace, remote, server, call }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await call("git_commit", { message: "First" });
    const pushed = await call("git_push");
    assert.equal(pushed.isError, false);
    assert.match(pushed.output, /refs\/heads\/main/);
    assert.equal(await gitIn(remote, "log", "--format=%s", "main"), "First");
    assert.ok(server.requests.some((line) => line.startsWith("POST /remote.git/git-receive-pack")));
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
    assert.equal(await gitIn(remote, "log", "--format=%s", "main"), "Rewritten");
  });
});

Deno.test("git_push refuses unknown remotes and option-like names", async () => {
  await withRepo(async ({ refused }) => {
    assert.equal(
      await refused("git_push", { remote: "upstream" }),
      'Cannot push: unknown remote "upstream" (configured: origin)',
    );
    assert.match(await refused("git_push", { remote: "https://evil.example/x.git" }), /invalid remote name/);
    assert.match(await refused("git_push", { branch: "--delete" }), /invalid branch name "--delete"/);
  });
});

Deno.test("git_push resolves the URL before judging and refuses local, file, ssh, helper and private remotes", async () => {
  await withRepo(async ({ root, workspace, git, tools, refused }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await git("add", "a.txt");
    await git("-c", "user.name=T", "-c", "user.email=t@t", "commit", "-q", "-m", "First");
    const push = tools.find((tool) => tool.name === "git_push")!;
    const resolved = await push.resolveArguments!({});
    assert.equal(resolved.url, await git("config", "remote.origin.url"));
    assert.deepEqual([resolved.remote, resolved.branch], ["origin", "main"]);
    const local = path.join(root, "local.git");
    await gitIn(root, "init", "-q", "--bare", local);
    const refusedUrls: [string, RegExp][] = [
      [local, /only https remotes are allowed/],
      [`file://${local}`, /only https remotes are allowed/],
      ["ssh://git@example.com/x.git", /only https remotes are allowed/],
      ["git@example.com:x.git", /only https remotes are allowed/],
      ["ext::sh -c touch% /tmp/pwned", /only https remotes are allowed/],
      ["fd::3", /only https remotes are allowed/],
      ["http://example.com/x.git", /only https remotes are allowed/],
      ["https://10.1.2.3/x.git", /blocked range: private/],
      ["https://[::1]/x.git", /blocked range: loopback/],
      ["https://user:token@example.com/x.git", /credentials in URLs/],
    ];
    for (const [url, reason] of refusedUrls) {
      await git("remote", "set-url", "origin", url);
      assert.match(await refused("git_push"), reason, url);
      await assert.rejects(push.resolveArguments!({}), reason);
    }
    assert.equal(await gitIn(local, "rev-list", "--all"), "", "nothing reached the local repository");
  });
});

Deno.test("git_push refuses to act when the remote URL changed after it was judged", async () => {
  await withRepo(async ({ workspace, git, tools }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    await git("add", "a.txt");
    await git("-c", "user.name=T", "-c", "user.email=t@t", "commit", "-q", "-m", "First");
    const push = tools.find((tool) => tool.name === "git_push")!;
    const judged = await push.resolveArguments!({});
    await git("remote", "set-url", "origin", "https://other.example/x.git");
    await assert.rejects(
      push.execute(judged, { sessionId: "t", signal: new AbortController().signal }),
      /changed since it was judged/,
    );
  });
});

/** Writes what a compromised agent would: config that makes git run its code or send elsewhere. Returns the
 * directory where any of it would leave a marker, the local repository insteadOf points at, and the proxy. */
async function plantMaliciousConfig(repo: Repo) {
  const { workspace, root, git, server } = repo;
  const markers = path.join(workspace, "markers");
  const evil = path.join(workspace, "evil.sh");
  await Deno.writeTextFile(evil, `#!/bin/sh\nmkdir -p ${markers}; touch ${markers}/"$1"; cat\n`);
  await Deno.chmod(evil, 0o755);
  const hooks = path.join(workspace, "evilhooks");
  await Deno.mkdir(hooks);
  for (const hook of ["pre-commit", "commit-msg", "post-commit", "pre-push"]) {
    for (const directory of [hooks, path.join(workspace, ".git/hooks")]) {
      await Deno.writeTextFile(path.join(directory, hook), `#!/bin/sh\n${evil} hook-${hook}\n`);
      await Deno.chmod(path.join(directory, hook), 0o755);
    }
  }
  const stolen = path.join(root, "stolen.git");
  await gitIn(root, "init", "-q", "--bare", stolen);
  const proxyHits: string[] = [];
  const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    proxyHits.push(request.url);
    return new Response("no", { status: 502 });
  });
  await Deno.writeTextFile(path.join(workspace, "evil.config"), `[core]\n\thooksPath = ${hooks}\n`);
  await Deno.writeTextFile(path.join(workspace, ".gitattributes"), "* diff=evil\n");
  const settings: [string, string][] = [
    ["core.hooksPath", hooks],
    ["core.fsmonitor", `${evil} fsmonitor`],
    ["core.gitProxy", `${evil} gitproxy`],
    ["core.sshCommand", `${evil} ssh`],
    ["core.askPass", `${evil} askpass`],
    ["core.pager", `${evil} pager`],
    ["core.editor", `${evil} editor`],
    ["commit.gpgSign", "true"],
    ["gpg.program", `${evil} gpg`],
    ["diff.evil.textconv", `${evil} textconv`],
    ["diff.external", `${evil} diff-external`],
    ["credential.helper", `!${evil} credential`],
    ["remote.origin.receivepack", `${evil} receivepack`],
    ["remote.origin.uploadpack", `${evil} uploadpack`],
    [`url.${stolen}.insteadOf`, `${server.url}/remote.git`],
    ["http.proxy", `http://127.0.0.1:${proxy.addr.port}`],
    ["include.path", path.join(workspace, "evil.config")],
  ];
  for (const [key, value] of settings) await git("config", key, value);
  return { markers, stolen, proxyHits, stopProxy: () => proxy.shutdown() };
}

Deno.test("in the sandbox, git config, hooks and filters written by the agent never run on commit or push", async () => {
  await withRepo(async (repo) => {
    const { workspace, remote, call, git } = repo;
    const planted = await plantMaliciousConfig(repo);
    try {
      await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
      const committed = await call("git_commit", { message: "Clean commit", paths: ["a.txt"] });
      assert.equal(committed.isError, false, committed.output);
      await call("git_status");
      await Deno.writeTextFile(path.join(workspace, "a.txt"), "two\n");
      await call("git_diff");
      const pushed = await call("git_push");
      assert.equal(pushed.isError, false, pushed.output);
      assert.equal(await gitIn(remote, "log", "--format=%s", "main"), "Clean commit");
      assert.equal(await exists(planted.markers), false, "no planted command ran");
      assert.deepEqual(planted.proxyHits, [], "the planted proxy saw nothing");
      assert.equal(
        await gitIn(planted.stolen, "rev-list", "--all"),
        "",
        "insteadOf did not redirect the push",
      );
      assert.equal(await git("log", "-1", "--format=%G?"), "N", "the commit was not signed");
    } finally {
      await planted.stopProxy();
    }
  });
});

Deno.test("in the sandbox, a planted credential helper does not run when the remote asks for a login", async () => {
  await withRepo(async (repo) => {
    const { workspace, call, git } = repo;
    const planted = await plantMaliciousConfig(repo);
    try {
      await git("config", "--unset-all", "url.", "x").catch(() => {});
      await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
      await call("git_commit", { message: "First", paths: ["a.txt"] });
      await assert.rejects(call("git_push"), /Cannot run git push/);
      assert.ok(repo.server.requests.length > 0, "the push reached the remote and was asked to log in");
      assert.equal(await exists(planted.markers), false, "no credential helper or askpass ran");
    } finally {
      await planted.stopProxy();
    }
  }, { requireAuth: true });
});

Deno.test("without a sandbox, git tools refuse a repository whose config holds more than data", async () => {
  await withRepo(async (repo) => {
    const { workspace, refused, remote } = repo;
    const planted = await plantMaliciousConfig(repo);
    try {
      await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
      const message = await refused("git_commit", { message: "x" });
      assert.match(message, /^Cannot run git rm without a sandbox: the repository config sets /);
      for (const key of ["core.hookspath", "gpg.program", "credential.helper", "http.proxy"]) {
        assert.ok(message.includes(`"${key}"`), key);
      }
      assert.match(await refused("git_status"), /without a sandbox/);
      assert.match(await refused("git_push"), /without a sandbox/);
      assert.equal(await exists(planted.markers), false);
      assert.equal(await gitIn(remote, "rev-list", "--all"), "");
    } finally {
      await planted.stopProxy();
    }
  }, { sandbox: NO_SANDBOX });
});

Deno.test("without a sandbox, git tools still commit and push a repository with a plain config", async () => {
  await withRepo(async ({ workspace, call, remote }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "one\n");
    assert.equal((await call("git_commit", { message: "Plain" })).isError, false);
    assert.equal((await call("git_push")).isError, false);
    assert.equal(await gitIn(remote, "log", "--format=%s", "main"), "Plain");
  }, { sandbox: NO_SANDBOX });
});

Deno.test("git_commit refuses a repository with filters (Git LFS) instead of committing unfiltered, and never runs them", async () => {
  await withRepo(async ({ workspace, refused, git }) => {
    const marker = path.join(workspace, "filter_ran");
    await Deno.writeTextFile(path.join(workspace, ".gitattributes"), "*.bin filter=lfs\n");
    await git("config", "filter.lfs.clean", `sh -c 'touch ${marker}; cat'`);
    await git("config", "filter.lfs.required", "true");
    await Deno.writeTextFile(path.join(workspace, "big.bin"), "data");
    assert.match(await refused("git_commit", { message: "x" }), /defines filters \("filter\.lfs\.clean"/);
    assert.equal(await exists(marker), false);
    assert.equal(await git("rev-list", "--all"), "");
  });
});
