import assert from "node:assert/strict";
import { ValidationError } from "../../src/lib/errors.ts";
import type { MemoryWriteRequest } from "../../src/memory/types.ts";
import { MAX_MEMORY_FILE_BYTES } from "../../src/memory/write_request.ts";
import { memoryFixture } from "./_memory_fixture.ts";

const notes = "# Memory\n\n## Projects\n\n- Parapet\n\n## Facts\n\nThe office is in Lyon.\n";

Deno.test("memory write appends under an existing section and re-indexes at once", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  assert.equal((await fixture.memory.search("parapet")).length, 1);
  const result = await fixture.memory.write({ section: "Projects", content: "- Greenhouse sensors" });
  assert.deepEqual(result, { path: "MEMORY.md", section: "Projects", created: false });
  assert.equal(
    await fixture.read("MEMORY.md"),
    "# Memory\n\n## Projects\n\n- Parapet\n- Greenhouse sensors\n\n## Facts\n\nThe office is in Lyon.\n",
  );
  assert.deepEqual((await fixture.memory.search("greenhouse")).map((hit) => hit.section), ["Projects"]);
});

Deno.test("memory write creates a missing section and a missing file", async () => {
  await using fixture = await memoryFixture();
  const result = await fixture.memory.write({
    file: "USER.md",
    section: "Style",
    content: "Prefers metric units.",
  });
  assert.deepEqual(result, { path: "USER.md", section: "Style", created: true });
  assert.equal(await fixture.read("USER.md"), "## Style\n\nPrefers metric units.\n");
  assert.equal((await fixture.memory.search("metric"))[0]?.path, "USER.md");
});

Deno.test("memory write replace swaps the section text and leaves no stale hits", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  await fixture.memory.search("lyon");
  const result = await fixture.memory.write({
    section: "facts",
    content: "The office moved to Porto.",
    mode: "replace",
  });
  assert.deepEqual(result, { path: "MEMORY.md", section: "Facts", created: false });
  assert.deepEqual(await fixture.memory.search("lyon"), []);
  assert.equal((await fixture.memory.search("porto"))[0]?.section, "Facts");
  assert.ok((await fixture.read("MEMORY.md")).endsWith("## Facts\n\nThe office moved to Porto.\n"));
});

Deno.test("memory write replaces the file atomically, leaving no temp files", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  await Promise.all(
    Array.from({ length: 10 }, (_, i) => fixture.memory.write({ section: "Log", content: `- entry ${i}` })),
  );
  const text = await fixture.read("MEMORY.md");
  for (let i = 0; i < 10; i++) assert.ok(text.includes(`- entry ${i}\n`), `entry ${i} lost`);
  const names = await Array.fromAsync(Deno.readDir(fixture.workspace), (entry) => entry.name);
  assert.deepEqual(names.sort(), ["MEMORY.md"]);
});

Deno.test("memory write rejects bad requests with clear messages", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const cases: [MemoryWriteRequest, RegExp][] = [
    [
      { file: "IDENTITY.md" as "USER.md", section: "A", content: "x" },
      /Cannot write "IDENTITY.md": memory writes/,
    ],
    [{ file: "../config.yaml" as "USER.md", section: "A", content: "x" }, /Cannot write "..\/config.yaml"/],
    [{ section: "  ## ", content: "x" }, /Section must not be empty/],
    [{ section: "A\nB", content: "x" }, /single-line heading/],
    [{ section: "A".repeat(201), content: "x" }, /Section is too long/],
    [{ section: "A", content: "é".repeat(10_241) }, /Content is too large: 20482 bytes, at most 20480/],
    [{ section: "A", content: "  \n" }, /Content must not be empty when appending/],
    [{ section: "A", content: "x", mode: "delete" as "append" }, /Invalid mode "delete"/],
  ];
  for (const [request, message] of cases) {
    await assert.rejects(() => fixture.memory.write(request), (error: unknown) => {
      assert.ok(error instanceof ValidationError, String(error));
      assert.match(error.message, message);
      return true;
    });
  }
  assert.equal(await fixture.read("MEMORY.md"), notes);
});

Deno.test("memory write refuses to write through a symlinked memory file", async () => {
  await using fixture = await memoryFixture({ "config.yaml": "web: {}\n" });
  await Deno.symlink(`${fixture.workspace}/config.yaml`, `${fixture.workspace}/MEMORY.md`);
  await assert.rejects(
    () => fixture.memory.write({ section: "A", content: "x" }),
    /Cannot write "MEMORY.md": symbolic links are not followed/,
  );
  assert.equal(await fixture.read("config.yaml"), "web: {}\n");
});

Deno.test("memory write refuses dangling and outside-pointing links, and never writes through a hard link", async () => {
  const outside = await Deno.makeTempDir({ prefix: "parapet_memory_outside_" });
  try {
    await using fixture = await memoryFixture({ ".engine/audit.jsonl": '{"seq":0}\n' });
    await Deno.symlink(`${outside}/planted.md`, `${fixture.workspace}/MEMORY.md`);
    await assert.rejects(() => fixture.memory.write({ section: "A", content: "x" }), /symbolic links/);
    await Deno.remove(`${fixture.workspace}/MEMORY.md`);
    await Deno.writeTextFile(`${outside}/victim.md`, "ORIGINAL");
    await Deno.symlink(`${outside}/victim.md`, `${fixture.workspace}/MEMORY.md`);
    await assert.rejects(() => fixture.memory.write({ section: "A", content: "x" }), /symbolic links/);
    assert.deepEqual([...Deno.readDirSync(outside)].map((entry) => entry.name), ["victim.md"]);
    assert.equal(await Deno.readTextFile(`${outside}/victim.md`), "ORIGINAL");
    // A hard link (a shell can make one) shares the inode: the write replaces USER.md, the audit stays as it was.
    await Deno.link(`${fixture.workspace}/.engine/audit.jsonl`, `${fixture.workspace}/USER.md`);
    await fixture.memory.write({ file: "USER.md", section: "Prefs", content: "short answers" });
    assert.equal(await fixture.read(".engine/audit.jsonl"), '{"seq":0}\n');
    assert.match(await fixture.read("USER.md"), /short answers/);
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("memory readFile serves memory files only", async () => {
  await using fixture = await memoryFixture({
    "MEMORY.md": notes,
    "config.yaml": "secret: 1\n",
    ".engine/engine.db": "db",
    "memory/x.md": "note",
  });
  assert.deepEqual(await fixture.memory.readFile("MEMORY.md"), { type: "MEMORY.md", content: notes });
  assert.equal(await fixture.memory.readFile("USER.md"), null, "absent memory file");
  for (
    const type of ["config.yaml", "..%2Fconfig.yaml", "../config.yaml", ".engine/engine.db", "memory/../x"]
  ) {
    assert.equal(await fixture.memory.readFile(type), null, type);
  }
  assert.equal(await fixture.memory.readFile("memory/x.md"), null);
});

Deno.test("memory write refuses to grow a memory file past the size cap", async () => {
  await using fixture = await memoryFixture({
    "MEMORY.md": "## Big\n\n" + "x".repeat(MAX_MEMORY_FILE_BYTES),
  });
  await assert.rejects(
    () => fixture.memory.write({ section: "Big", content: "one more line" }),
    /Cannot write "MEMORY.md": it would grow to \d+ bytes, at most 8388608/,
  );
});
