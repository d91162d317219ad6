/** The git tools against a repository the agent has tampered with: config, hooks, filters and credential helpers
 * it planted never run, in the sandbox and without it. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { exists, gitIn, NO_SANDBOX, type Repo, withRepo } from "../support/git_repo.ts";

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
