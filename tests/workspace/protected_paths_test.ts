import assert from "node:assert/strict";
import * as path from "node:path";
import {
  buildProtectedPaths,
  engineSourceRoot,
  gitControlReason,
  protectedBelow,
  protectionOf,
  unreadablePaths,
} from "../../src/workspace/protected_paths.ts";

/** The layout `deno task start` makes: config.yaml and security/ beside workspace/. */
async function withLayout(run: (root: string, workspace: string) => Promise<void> | void) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "protected_" }));
  const workspace = path.join(root, "workspace");
  await Deno.mkdir(path.join(workspace, ".engine"), { recursive: true });
  try {
    await run(root, workspace);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

function layout(root: string, workspace: string) {
  return buildProtectedPaths({
    workspace,
    configPath: path.join(root, "config.yaml"),
    policyFiles: [
      path.join(root, "security/shield/default.yaml"),
      path.join(root, "security/shield/learned.yaml"),
      path.join(root, "security/ifc/default.yaml"),
    ],
  });
}

Deno.test("protected paths: config, policies, learned rules and their folders refuse reads and writes", async () => {
  await withLayout((root, workspace) => {
    const paths = layout(root, workspace);
    for (const file of ["config.yaml", "security/shield/default.yaml", "security/shield/learned.yaml"]) {
      for (const access of ["read", "write"] as const) {
        assert.ok(protectionOf(paths, path.join(root, file), access), `${access} ${file}`);
      }
    }
    // The whole policy folders, so a new preset or a renamed policy cannot be planted beside them.
    assert.match(protectionOf(paths, path.join(root, "security/shield/new.yaml"), "write")!, /policies/);
    assert.match(protectionOf(paths, path.join(root, "security/ifc/strict.yaml"), "read")!, /policies/);
    // The folder holding config.yaml also holds the workspace, so it is not closed as a whole.
    assert.equal(protectionOf(paths, path.join(workspace, "notes.md"), "write"), undefined);
    assert.equal(protectionOf(paths, path.join(root, "other.txt"), "read"), undefined);
  });
});

Deno.test("protected paths: .engine is closed to reads and writes, identity files to writes only", async () => {
  await withLayout((root, workspace) => {
    const paths = layout(root, workspace);
    for (const file of [".engine", ".engine/audit.jsonl", ".engine/engine.db", ".engine/logs/engine.log"]) {
      assert.match(protectionOf(paths, path.join(workspace, file), "read")!, /audit trail/, file);
      assert.match(protectionOf(paths, path.join(workspace, file), "write")!, /audit trail/, file);
    }
    for (const file of ["IDENTITY.md", "AGENTS.md"]) {
      assert.match(protectionOf(paths, path.join(workspace, file), "write")!, /identity/);
      assert.equal(protectionOf(paths, path.join(workspace, file), "read"), undefined);
    }
    for (const file of ["MEMORY.md", "USER.md", "engine", ".engine2", "notes/.engine.md"]) {
      assert.equal(protectionOf(paths, path.join(workspace, file), "write"), undefined, file);
    }
  });
});

Deno.test("protected paths: git hooks and config of any repository in the workspace are not writable", () => {
  const writes = [
    ".git/hooks/pre-commit",
    ".git/hooks",
    ".git/config",
    ".git/config.worktree",
    "app/.git/hooks/post-checkout",
    "app/.git/config",
    ".git/modules/lib/config",
    ".git/modules/lib/hooks/pre-push",
    ".git",
    "app/.git",
  ];
  for (const file of writes) assert.ok(gitControlReason(file), file);
  for (
    const file of [".git/HEAD", ".gitignore", "hooks/pre-commit", "config", ".github/config", "a/.gitmodules"]
  ) {
    assert.equal(gitControlReason(file), undefined, file);
  }
});

Deno.test("protected paths: git rules apply inside the workspace only relative to it, and never to reads", async () => {
  await withLayout((root, workspace) => {
    const paths = layout(root, workspace);
    assert.ok(protectionOf(paths, path.join(workspace, "repo/.git/config"), "write"));
    assert.equal(protectionOf(paths, path.join(workspace, "repo/.git/config"), "read"), undefined);
    // A workspace that itself lies below some ".git" folder is not closed by that alone.
    const nested = buildProtectedPaths({ workspace: path.join(root, ".git/inner") });
    assert.equal(protectionOf(nested, path.join(root, ".git/inner/notes.md"), "write"), undefined);
  });
});

Deno.test("protected paths: the engine's source and web UI are not writable, except a workspace inside them", () => {
  const source = engineSourceRoot();
  assert.ok(Deno.statSync(path.join(source, "main.ts")).isFile);
  const inCheckout = buildProtectedPaths({ workspace: path.join(source, "workspace") });
  for (const file of ["main.ts", "src/shield/pipeline.ts", "web/app.js", "deno.json"]) {
    assert.ok(protectionOf(inCheckout, path.join(source, file), "write"), file);
    assert.equal(protectionOf(inCheckout, path.join(source, file), "read"), undefined, file);
  }
  assert.equal(protectionOf(inCheckout, path.join(source, "workspace/notes.md"), "write"), undefined);
  assert.match(
    protectionOf(inCheckout, path.join(source, "workspace/.engine/engine.db"), "read")!,
    /database/,
  );
});

Deno.test("protected paths: listed by their real path, so a symlinked config folder is still caught", async () => {
  await withLayout(async (root, workspace) => {
    const real = path.join(root, "real-config");
    await Deno.mkdir(real);
    await Deno.writeTextFile(path.join(real, "config.yaml"), "");
    await Deno.symlink(real, path.join(root, "alias"));
    const paths = buildProtectedPaths({ workspace, configPath: path.join(root, "alias/config.yaml") });
    assert.ok(protectionOf(paths, path.join(real, "config.yaml"), "write"));
  });
});

Deno.test("protected paths: protectedBelow names a directory that holds a protected entry", async () => {
  await withLayout((root, workspace) => {
    const paths = layout(root, workspace);
    assert.match(protectedBelow(paths, workspace)!, /audit trail/);
    assert.ok(protectedBelow(paths, path.join(root, "security")));
    assert.equal(protectedBelow(paths, path.join(workspace, "notes")), undefined);
    assert.equal(
      protectedBelow(paths, path.join(workspace, ".engine")),
      undefined,
      "the entry itself is not below",
    );
  });
});

Deno.test("protected paths: unreadablePaths lists what walks must skip", async () => {
  await withLayout((root, workspace) => {
    const hidden = unreadablePaths(layout(root, workspace));
    assert.ok(hidden.includes(path.join(workspace, ".engine")));
    assert.ok(hidden.includes(path.join(root, "config.yaml")));
    assert.ok(hidden.includes(path.join(root, "security/shield")));
    assert.ok(!hidden.includes(path.join(workspace, "IDENTITY.md")));
  });
});
