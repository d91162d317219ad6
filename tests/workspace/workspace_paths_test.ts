import assert from "node:assert/strict";
import * as path from "node:path";
import { resolveEntryInWorkspace, resolveInWorkspace } from "../../src/workspace/workspace_paths.ts";
import { ToolError } from "../../src/lib/errors.ts";

async function withDirs(run: (workspace: string, outside: string) => Promise<void>) {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  const outside = await Deno.realPath(await Deno.makeTempDir({ prefix: "out_" }));
  try {
    await run(workspace, outside);
  } finally {
    await Deno.remove(workspace, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ToolError, `expected ToolError, got ${error}`);
    return error.message;
  }
  assert.fail("expected a refusal");
}

Deno.test("resolveInWorkspace resolves relative paths against the workspace", async () => {
  await withDirs(async (workspace) => {
    assert.equal(await resolveInWorkspace(workspace, "notes/a.md"), path.join(workspace, "notes/a.md"));
    assert.equal(await resolveInWorkspace(workspace, "."), workspace);
    assert.equal(await resolveInWorkspace(workspace, "a/../b.txt"), path.join(workspace, "b.txt"));
  });
});

Deno.test("resolveInWorkspace refuses ../ traversal and absolute paths outside", async () => {
  await withDirs(async (workspace, outside) => {
    const message = await refusal(resolveInWorkspace(workspace, "../x", { action: "read" }));
    assert.equal(message, 'Cannot read "../x": file is outside the workspace');
    await refusal(resolveInWorkspace(workspace, "sub/../../../etc/passwd"));
    await refusal(resolveInWorkspace(workspace, "/etc/passwd"));
    await refusal(resolveInWorkspace(workspace, path.join(outside, "new.txt")));
  });
});

Deno.test("resolveInWorkspace allows outside paths only with allowOutside", async () => {
  await withDirs(async (workspace, outside) => {
    await Deno.writeTextFile(path.join(outside, "conf"), "x");
    const file = await resolveInWorkspace(workspace, path.join(outside, "conf"), { allowOutside: true });
    assert.equal(file, path.join(outside, "conf"));
  });
});

Deno.test("resolveInWorkspace refuses a symlink in the workspace that points outside", async () => {
  await withDirs(async (workspace, outside) => {
    await Deno.writeTextFile(path.join(outside, "secret"), "s");
    await Deno.symlink(path.join(outside, "secret"), path.join(workspace, "link"));
    await Deno.symlink(outside, path.join(workspace, "dirlink"));
    await refusal(resolveInWorkspace(workspace, "link"));
    // A file that does not exist yet is checked through its existing (symlinked) parent.
    await refusal(resolveInWorkspace(workspace, "dirlink/new.txt"));
    await refusal(resolveInWorkspace(workspace, "dirlink/deeper/new.txt"));
  });
});

Deno.test("resolveInWorkspace refuses a dangling symlink whose target cannot be checked", async () => {
  await withDirs(async (workspace, outside) => {
    await Deno.symlink(path.join(outside, "not-yet"), path.join(workspace, "dangling"));
    const message = await refusal(resolveInWorkspace(workspace, "dangling", { action: "write" }));
    assert.match(message, /dangling symbolic link/);
  });
});

Deno.test("resolveInWorkspace accepts a symlink that stays inside the workspace", async () => {
  await withDirs(async (workspace) => {
    await Deno.mkdir(path.join(workspace, "real"));
    await Deno.symlink(path.join(workspace, "real"), path.join(workspace, "alias"));
    assert.equal(await resolveInWorkspace(workspace, "alias/f.txt"), path.join(workspace, "real/f.txt"));
  });
});

Deno.test("resolveInWorkspace refuses NUL bytes and empty paths", async () => {
  await withDirs(async (workspace) => {
    assert.match(await refusal(resolveInWorkspace(workspace, "a\0b")), /NUL byte/);
    assert.match(await refusal(resolveInWorkspace(workspace, "")), /empty/);
  });
});

Deno.test("resolveInWorkspace expands ~ to the home directory and checks it", async () => {
  await withDirs(async (workspace, outside) => {
    assert.match(await refusal(resolveInWorkspace(workspace, "~/.ssh/id_rsa", { home: outside })), /outside/);
    const inside = await resolveInWorkspace(workspace, "~/notes.md", { home: workspace });
    assert.equal(inside, path.join(workspace, "notes.md"));
    assert.match(await refusal(resolveInWorkspace(workspace, "~root/x", { home: workspace })), /only "~"/);
  });
});

Deno.test("resolveInWorkspace with mustExist reports a missing file", async () => {
  await withDirs(async (workspace) => {
    const message = await refusal(
      resolveInWorkspace(workspace, "nope.txt", { mustExist: true, action: "read" }),
    );
    assert.equal(message, 'Cannot read "nope.txt": file not found');
  });
});

Deno.test("resolveEntryInWorkspace names a symlink itself, not its target", async () => {
  await withDirs(async (workspace, outside) => {
    await Deno.symlink(outside, path.join(workspace, "link"));
    assert.equal(await resolveEntryInWorkspace(workspace, "link"), path.join(workspace, "link"));
    await refusal(resolveEntryInWorkspace(workspace, "link/inner"));
    await refusal(resolveEntryInWorkspace(workspace, "../escape"));
  });
});
