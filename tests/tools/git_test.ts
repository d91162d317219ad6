/** The git tools on a real repository with a real smart-HTTP remote: status, diff, log, commit and push. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { exists, gitIn, withRepo } from "../support/git_repo.ts";

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
