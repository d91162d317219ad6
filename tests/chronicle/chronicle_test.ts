import assert from "node:assert/strict";
import { NotFoundError, ValidationError } from "../../src/lib/errors.ts";
import { makeFixture, request } from "./_chronicle_fixture.ts";

const binary = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));

Deno.test("rollback restores exact bytes and mode of a text and a binary file", async () => {
  const f = await makeFixture();
  try {
    await f.write("notes.md", "line one\n", 0o640);
    await f.write("data.bin", binary);
    const snap = await f.chronicle.snapshot(request(["notes.md", "data.bin"]));
    await f.write("notes.md", "overwritten", 0o777);
    await f.write("data.bin", new Uint8Array([1, 2, 3]));
    const result = await f.chronicle.rollback(snap.id, { sessionId: "sess_1" });
    assert.deepEqual(result.restored.sort(), ["data.bin", "notes.md"]);
    assert.equal(new TextDecoder().decode(await f.read("notes.md")), "line one\n");
    assert.deepEqual(await f.read("data.bin"), binary);
    assert.equal((await Deno.stat(`${f.workspace}/notes.md`)).mode! & 0o777, 0o640);
  } finally {
    await f.cleanup();
  }
});

Deno.test("rollback removes a file that did not exist at snapshot time", async () => {
  const f = await makeFixture();
  try {
    const snap = await f.chronicle.snapshot(request(["new/created.txt"]));
    assert.equal((await f.chronicle.entries(snap.id))[0].type, "absent");
    await f.write("new/created.txt", "created later");
    const result = await f.chronicle.rollback(snap.id, { sessionId: "s" });
    assert.deepEqual(result.removed, ["new/created.txt"]);
    assert.equal(await f.exists("new/created.txt"), false);
  } finally {
    await f.cleanup();
  }
});

Deno.test("directory snapshot restores changed, deleted and removes added files inside it", async () => {
  const f = await makeFixture();
  try {
    await f.write("src/a.ts", "a");
    await f.write("src/lib/b.ts", "b");
    await f.write("outside.txt", "untouched");
    const snap = await f.chronicle.snapshot(request(["src"], "execute_command"));
    await f.write("src/a.ts", "changed");
    await Deno.remove(`${f.workspace}/src/lib`, { recursive: true });
    await f.write("src/extra/c.ts", "c");
    await f.write("outside.txt", "changed outside");
    assert.deepEqual(await f.chronicle.diff(snap.id), [
      { path: "src/a.ts", change: "modified" },
      { path: "src/extra", change: "added" },
      { path: "src/extra/c.ts", change: "added" },
      { path: "src/lib", change: "removed" },
      { path: "src/lib/b.ts", change: "removed" },
    ]);
    const result = await f.chronicle.rollback(snap.id, { sessionId: "s" });
    assert.deepEqual(result.removed, ["src/extra", "src/extra/c.ts"]);
    assert.equal(new TextDecoder().decode(await f.read("src/lib/b.ts")), "b");
    assert.equal(new TextDecoder().decode(await f.read("src/a.ts")), "a");
    assert.equal(await f.exists("src/extra"), false);
    assert.equal(new TextDecoder().decode(await f.read("outside.txt")), "changed outside");
    assert.deepEqual(await f.chronicle.diff(snap.id), []);
  } finally {
    await f.cleanup();
  }
});

Deno.test('"*" snapshot covers the tree but not .engine/ or .git/objects/, and rollback can be undone', async () => {
  const f = await makeFixture();
  try {
    await f.write("a.txt", "a");
    await f.write("deep/er/b.txt", "b");
    await f.write(".git/objects/ab/cdef", "git object");
    await f.write(".git/HEAD", "ref: refs/heads/main\n");
    await Deno.symlink("a.txt", `${f.workspace}/link`);
    const snap = await f.chronicle.snapshot(request("*", "execute_command"));
    const paths = (await f.chronicle.entries(snap.id)).map((entry) => entry.path);
    assert.ok(paths.includes("deep/er/b.txt") && paths.includes(".git/HEAD") && paths.includes("link"));
    assert.ok(!paths.some((path) => path.startsWith(".engine") || path.startsWith(".git/objects")));
    await Deno.remove(`${f.workspace}/deep`, { recursive: true });
    await Deno.remove(`${f.workspace}/link`);
    await f.write("later.txt", "later");
    await f.write(".git/objects/new", "new object");
    const result = await f.chronicle.rollback(snap.id, { sessionId: "s" });
    assert.deepEqual(result.removed, ["later.txt"]);
    assert.equal(new TextDecoder().decode(await f.read("deep/er/b.txt")), "b");
    assert.equal(await Deno.readLink(`${f.workspace}/link`), "a.txt");
    assert.equal(await f.exists(".git/objects/new"), true, "git objects are never touched");
    assert.equal(result.snapshot.kind, "pre_rollback");
    await f.chronicle.rollback(result.snapshot.id, { sessionId: "s" });
    assert.equal(await f.exists("later.txt"), true);
    assert.equal(await f.exists("deep"), false);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a second snapshot of unchanged files stores no new objects", async () => {
  const f = await makeFixture();
  try {
    for (let i = 0; i < 20; i++) await f.write(`files/${i}.txt`, `content ${i}`);
    await f.chronicle.snapshot(request("*"));
    const objects = () => [...Deno.readDirSync(`${f.chronicle.stateDir}/objects`)].length;
    const first = objects();
    await f.write("files/0.txt", "changed");
    await f.chronicle.snapshot(request("*"));
    assert.equal(objects(), first + 2, "one new file object and one new manifest");
  } finally {
    await f.cleanup();
  }
});

Deno.test("diffText shows a unified diff for text and a one-liner for binary", async () => {
  const f = await makeFixture();
  try {
    await f.write("a.txt", "one\ntwo\nthree\n");
    await f.write("b.bin", binary);
    const snap = await f.chronicle.snapshot(request(["a.txt", "b.bin"]));
    await f.write("a.txt", "one\n2\nthree\nfour\n");
    await f.write("b.bin", new Uint8Array([0, 1]));
    assert.equal(
      await f.chronicle.diffText(snap.id, "a.txt"),
      `--- a/a.txt (snapshot ${snap.id})\n+++ b/a.txt (now)\n@@ -1,3 +1,4 @@\n one\n-two\n+2\n three\n+four\n`,
    );
    assert.match(await f.chronicle.diffText(snap.id, "b.bin"), /^Binary files .* differ/);
    await assert.rejects(f.chronicle.diffText(snap.id, "other.txt"), ValidationError);
  } finally {
    await f.cleanup();
  }
});

Deno.test("unknown snapshot ids raise NotFoundError naming the id", async () => {
  const f = await makeFixture();
  try {
    assert.throws(() => f.chronicle.get("snap_missing"), (error: Error) => {
      return error instanceof NotFoundError && error.message.includes('"snap_missing"');
    });
    await assert.rejects(f.chronicle.rollback("snap_missing", { sessionId: "s" }), NotFoundError);
    await assert.rejects(f.chronicle.diff("snap_missing"), NotFoundError);
  } finally {
    await f.cleanup();
  }
});

Deno.test("snapshot refuses paths outside the workspace or inside .engine", async () => {
  const f = await makeFixture();
  try {
    await assert.rejects(f.chronicle.snapshot(request(["../escape.txt"])), /outside the workspace/);
    await assert.rejects(f.chronicle.snapshot(request([".engine/chronicle/records.jsonl"])), ValidationError);
    await assert.rejects(f.chronicle.snapshot(request([])), ValidationError);
  } finally {
    await f.cleanup();
  }
});

Deno.test("snapshots survive reopening the chronicle", async () => {
  const f = await makeFixture();
  try {
    await f.write("a.txt", "before");
    const snap = await f.chronicle.snapshot(request(["a.txt"]));
    await f.write("a.txt", "after");
    const reopened = await f.reopen();
    assert.deepEqual(reopened.list().map((record) => record.id), [snap.id]);
    await reopened.rollback(snap.id, { sessionId: "s" });
    assert.equal(new TextDecoder().decode(await f.read("a.txt")), "before");
  } finally {
    await f.cleanup();
  }
});
