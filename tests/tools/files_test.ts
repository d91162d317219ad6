import assert from "node:assert/strict";
import * as path from "node:path";
import { createFileTools } from "../../src/tools/files.ts";
import { type AnyTool, type ToolResult } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";

interface Fixture {
  workspace: string;
  outside: string;
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  refused(name: string, args: Record<string, unknown>): Promise<string>;
  tool(name: string): AnyTool;
}

async function withWorkspace(run: (fixture: Fixture) => Promise<void> | void, allowOutsideReads = false) {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  const outside = await Deno.realPath(await Deno.makeTempDir({ prefix: "out_" }));
  const tools = createFileTools({ workspace, home: outside, allowOutsideReads, grepTimeoutMs: 2000 });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
  const context = { sessionId: "test", signal: new AbortController().signal };
  const call = (name: string, args: Record<string, unknown>) => tool(name).execute(args, context);
  const refused = async (name: string, args: Record<string, unknown>) => {
    try {
      const result = await call(name, args);
      assert.fail(`expected ${name} to fail, got: ${result.output}`);
    } catch (error) {
      assert.ok(error instanceof ToolError, `expected ToolError, got ${error}`);
      return error.message;
    }
  };
  try {
    await run({ workspace, outside, call, refused, tool });
  } finally {
    await Deno.remove(workspace, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
}

const exists = (file: string) => Deno.lstat(file).then(() => true, () => false);

Deno.test("createFileTools declares names, groups, writes and affected paths", async () => {
  await withWorkspace(({ tool }) => {
    const names = ["read_file", "write_file", "delete_file", "move_file", "copy_file", "list_directory"];
    for (const name of [...names, "create_directory", "search_files", "grep_files"]) {
      assert.equal(tool(name).group, "files", name);
    }
    for (const name of ["read_file", "list_directory", "search_files", "grep_files"]) {
      assert.equal(tool(name).writes, false, name);
    }
    for (const name of ["write_file", "delete_file", "move_file", "copy_file", "create_directory"]) {
      assert.equal(tool(name).writes, true, name);
    }
    assert.deepEqual(tool("move_file").affectedPaths!({ source: "a", destination: "b" }), ["a", "b"]);
    assert.deepEqual(tool("write_file").affectedPaths!({ path: "x.md", content: "" }), ["x.md"]);
  });
});

Deno.test("write_file creates parent directories and read_file reads it back with reads.paths", async () => {
  await withWorkspace(async ({ workspace, call }) => {
    const written = await call("write_file", { path: "notes/today.md", content: "hello\nworld" });
    assert.match(written.output, /Wrote 11 bytes to "notes\/today.md"/);
    assert.equal(await Deno.readTextFile(path.join(workspace, "notes/today.md")), "hello\nworld");
    const read = await call("read_file", { path: "notes/today.md" });
    assert.equal(read.output, "hello\nworld");
    assert.equal(read.isError, false);
    assert.deepEqual(read.reads, { paths: ["notes/today.md"] });
    const leftovers = [...Deno.readDirSync(path.join(workspace, "notes"))].map((entry) => entry.name);
    assert.deepEqual(leftovers, ["today.md"]);
  });
});

Deno.test("write_file replaces a file atomically and keeps its mode", async () => {
  await withWorkspace(async ({ workspace, call }) => {
    const file = path.join(workspace, "run.sh");
    await Deno.writeTextFile(file, "old");
    await Deno.chmod(file, 0o755);
    await call("write_file", { path: "run.sh", content: "new" });
    assert.equal(await Deno.readTextFile(file), "new");
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o755);
  });
});

Deno.test("read_file truncates files over the cap and refuses binary files", async () => {
  await withWorkspace(async ({ workspace, call, refused }) => {
    await Deno.writeTextFile(path.join(workspace, "big.txt"), "a".repeat(1_500_000));
    const read = await call("read_file", { path: "big.txt" });
    assert.match(read.output, /\[truncated: showing the first 1000000 of 1500000 bytes\]$/);
    assert.ok(read.output.length < 1_000_100);
    await Deno.writeFile(path.join(workspace, "image.png"), new Uint8Array([0x89, 0x50, 0, 1, 2]));
    assert.equal(
      await refused("read_file", { path: "image.png" }),
      'Cannot read "image.png": binary file (5 bytes)',
    );
  });
});

Deno.test("file tools refuse traversal, absolute paths outside, symlinks out, ~ and NUL bytes", async () => {
  await withWorkspace(async ({ workspace, outside, refused }) => {
    await Deno.writeTextFile(path.join(outside, "secret.txt"), "secret");
    await Deno.symlink(path.join(outside, "secret.txt"), path.join(workspace, "link.txt"));
    await Deno.symlink(outside, path.join(workspace, "outdir"));
    assert.equal(
      await refused("read_file", { path: "../x" }),
      'Cannot read "../x": file is outside the workspace',
    );
    assert.match(
      await refused("read_file", { path: path.join(outside, "secret.txt") }),
      /outside the workspace/,
    );
    assert.match(await refused("read_file", { path: "link.txt" }), /outside the workspace/);
    assert.match(await refused("read_file", { path: "~/secret.txt" }), /outside the workspace/);
    assert.match(await refused("read_file", { path: "a\0b" }), /NUL byte/);
    assert.match(
      await refused("write_file", { path: "outdir/new.txt", content: "x" }),
      /outside the workspace/,
    );
    assert.match(await refused("write_file", { path: "link.txt", content: "x" }), /outside the workspace/);
    assert.match(
      await refused("write_file", { path: "../../etc/evil", content: "x" }),
      /outside the workspace/,
    );
    assert.match(await refused("create_directory", { path: "outdir/sub" }), /outside the workspace/);
    assert.match(await refused("copy_file", { source: "link.txt", destination: "copy.txt" }), /outside/);
    assert.match(await refused("list_directory", { path: "outdir" }), /outside the workspace/);
    assert.match(await refused("grep_files", { pattern: "secret", path: "outdir" }), /outside the workspace/);
    assert.equal(await Deno.readTextFile(path.join(outside, "secret.txt")), "secret");
    assert.equal(await exists(path.join(outside, "new.txt")), false);
  });
});

Deno.test("read tools may read outside the workspace when allowOutsideReads is set, writes never", async () => {
  await withWorkspace(async ({ outside, call, refused }) => {
    const conf = path.join(outside, "nginx.conf");
    await Deno.writeTextFile(conf, "server {}");
    const read = await call("read_file", { path: conf });
    assert.equal(read.output, "server {}");
    assert.deepEqual(read.reads, { paths: [conf] });
    assert.match(await refused("write_file", { path: conf, content: "x" }), /outside the workspace/);
    assert.match(await refused("delete_file", { path: conf }), /outside the workspace/);
  }, true);
});

Deno.test("delete_file removes files, symlinks (not targets) and directories, never the workspace root", async () => {
  await withWorkspace(async ({ workspace, outside, call, refused }) => {
    await Deno.mkdir(path.join(workspace, "dir/sub"), { recursive: true });
    await Deno.writeTextFile(path.join(workspace, "dir/sub/f.txt"), "x");
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "x");
    await Deno.writeTextFile(path.join(outside, "target.txt"), "keep");
    await Deno.symlink(path.join(outside, "target.txt"), path.join(workspace, "link"));
    assert.match((await call("delete_file", { path: "a.txt" })).output, /Deleted file "a.txt"/);
    assert.match((await call("delete_file", { path: "dir" })).output, /Deleted directory "dir"/);
    assert.match((await call("delete_file", { path: "link" })).output, /Deleted symlink "link"/);
    assert.equal(await exists(path.join(workspace, "dir")), false);
    assert.equal(await Deno.readTextFile(path.join(outside, "target.txt")), "keep");
    assert.match(await refused("delete_file", { path: "." }), /workspace root/);
    assert.match(await refused("delete_file", { path: workspace }), /workspace root/);
    assert.match(await refused("delete_file", { path: "missing" }), /file not found/);
  });
});

Deno.test("move_file renames, moves into directories and refuses moving a directory into itself", async () => {
  await withWorkspace(async ({ workspace, call, refused }) => {
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "A");
    await Deno.mkdir(path.join(workspace, "box"));
    await call("move_file", { source: "a.txt", destination: "b.txt" });
    assert.equal(await Deno.readTextFile(path.join(workspace, "b.txt")), "A");
    await call("move_file", { source: "b.txt", destination: "box" });
    assert.equal(await Deno.readTextFile(path.join(workspace, "box/b.txt")), "A");
    await call("move_file", { source: "box/b.txt", destination: "deep/er/c.txt" });
    assert.equal(await Deno.readTextFile(path.join(workspace, "deep/er/c.txt")), "A");
    assert.match(
      await refused("move_file", { source: "deep", destination: "deep/er/inside" }),
      /inside the source/,
    );
    assert.match(await refused("move_file", { source: "deep", destination: "../elsewhere" }), /outside/);
  });
});

Deno.test("copy_file copies files and directory trees", async () => {
  await withWorkspace(async ({ workspace, call, refused }) => {
    await Deno.mkdir(path.join(workspace, "src/lib"), { recursive: true });
    await Deno.writeTextFile(path.join(workspace, "src/lib/x.ts"), "x");
    await Deno.writeTextFile(path.join(workspace, "src/y.ts"), "y");
    const copied = await call("copy_file", { source: "src", destination: "backup" });
    assert.match(copied.output, /Copied directory \(3 entries\) "src" to "backup"/);
    assert.equal(await Deno.readTextFile(path.join(workspace, "backup/lib/x.ts")), "x");
    await call("copy_file", { source: "src/y.ts", destination: "z.ts" });
    assert.equal(await Deno.readTextFile(path.join(workspace, "z.ts")), "y");
    assert.match(
      await refused("copy_file", { source: "src", destination: "src/lib/again" }),
      /inside the source/,
    );
  });
});

Deno.test("list_directory sorts entries with type markers and caps them", async () => {
  await withWorkspace(async ({ workspace, call }) => {
    await Deno.mkdir(path.join(workspace, "b_dir"));
    await Deno.writeTextFile(path.join(workspace, "c.txt"), "12345");
    await Deno.writeTextFile(path.join(workspace, "a.txt"), "");
    await Deno.symlink("c.txt", path.join(workspace, "d_link"));
    const listed = await call("list_directory", {});
    assert.equal(
      listed.output,
      [".: 4 entries", "a.txt (0 bytes)", "b_dir/", "c.txt (5 bytes)", "d_link@ -> c.txt"].join("\n"),
    );
    assert.deepEqual(listed.reads, { paths: ["."] });
    for (let index = 0; index < 1005; index++) {
      await Deno.writeTextFile(path.join(workspace, `b_dir/f${index}`), "");
    }
    const capped = await call("list_directory", { path: "b_dir" });
    assert.match(capped.output, /\[\.\.\. 5 more entries\]$/);
  });
});

Deno.test("create_directory creates nested directories and reports an existing one", async () => {
  await withWorkspace(async ({ workspace, call, refused }) => {
    assert.match((await call("create_directory", { path: "a/b/c" })).output, /Created directory "a\/b\/c"/);
    assert.ok((await Deno.stat(path.join(workspace, "a/b/c"))).isDirectory);
    assert.match((await call("create_directory", { path: "a/b" })).output, /already exists/);
    await Deno.writeTextFile(path.join(workspace, "file"), "");
    assert.match(await refused("create_directory", { path: "file" }), /a file with that name exists/);
  });
});

Deno.test("search_files matches name globs recursively, including paths with /", async () => {
  await withWorkspace(async ({ workspace, call }) => {
    await Deno.mkdir(path.join(workspace, "src/deep"), { recursive: true });
    await Deno.mkdir(path.join(workspace, "node_modules/pkg"), { recursive: true });
    for (const file of ["src/a.ts", "src/deep/b.ts", "src/c.md", "node_modules/pkg/index.ts", "top.ts"]) {
      await Deno.writeTextFile(path.join(workspace, file), "");
    }
    const found = await call("search_files", { pattern: "*.ts" });
    assert.deepEqual(found.output.split("\n").sort(), [
      "node_modules/pkg/index.ts",
      "src/a.ts",
      "src/deep/b.ts",
      "top.ts",
    ]);
    const scoped = await call("search_files", { pattern: "src/**/*.ts" });
    assert.deepEqual(scoped.output.split("\n").sort(), ["src/a.ts", "src/deep/b.ts"]);
    const braces = await call("search_files", { pattern: "*.{md,ts}", path: "src" });
    assert.deepEqual(braces.output.split("\n").sort(), ["src/a.ts", "src/c.md", "src/deep/b.ts"]);
    assert.match((await call("search_files", { pattern: "*.py" })).output, /No files match "\*\.py"/);
  });
});

Deno.test("grep_files finds regex matches, skips binary files and reports the files read", async () => {
  await withWorkspace(async ({ workspace, call, refused }) => {
    await Deno.mkdir(path.join(workspace, "src"));
    await Deno.writeTextFile(path.join(workspace, "src/a.ts"), "const x = 1;\n// TODO fix\nconst y = 2;\n");
    await Deno.writeTextFile(path.join(workspace, "notes.md"), "nothing here\nTODO: write\n");
    await Deno.writeFile(path.join(workspace, "blob.bin"), new Uint8Array([0, 84, 79, 68, 79]));
    const found = await call("grep_files", { pattern: "TODO" });
    assert.equal(
      found.output,
      ["notes.md:2: TODO: write", "src/a.ts:2: // TODO fix", "[1 binary file skipped]"].join("\n"),
    );
    assert.deepEqual(found.reads?.paths?.sort(), ["notes.md", "src/a.ts"]);
    const single = await call("grep_files", { pattern: "const \\w", path: "src/a.ts" });
    assert.equal(single.output.split("\n").length, 2);
    assert.match(await refused("grep_files", { pattern: "(" }), /Invalid regular expression "\("/);
  });
});

Deno.test("grep_files stops a catastrophic regular expression at its time limit", async () => {
  await withWorkspace(async ({ workspace, refused }) => {
    await Deno.writeTextFile(path.join(workspace, "evil.txt"), "a".repeat(5000) + "!");
    const message = await refused("grep_files", { pattern: "^(a+)+$" });
    assert.match(message, /took longer than 2000 ms/);
  });
});

Deno.test("grep_files caps the number of matches", async () => {
  await withWorkspace(async ({ workspace, call }) => {
    await Deno.writeTextFile(path.join(workspace, "many.txt"), "hit\n".repeat(1000));
    const found = await call("grep_files", { pattern: "hit" });
    const lines = found.output.split("\n");
    assert.equal(lines.length, 201);
    assert.equal(lines.at(-1), "[matches capped at 200]");
  });
});
