import assert from "node:assert/strict";
import { createMemoryTools } from "../../src/tools/memory.ts";
import { type AnyTool } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";
import { memoryFixture } from "../memory/_memory_fixture.ts";

const context = { sessionId: "s1", signal: new AbortController().signal };
const notes = "# Memory\n\n## Projects\n\n- Parapet\n";

function tool(tools: AnyTool[], name: string): AnyTool {
  const found = tools.find((candidate) => candidate.name === name);
  assert.ok(found, `tool "${name}" missing`);
  return found;
}

Deno.test("createMemoryTools offers memory_write (writes) and memory_search (read-only) in the memory group", async () => {
  await using fixture = await memoryFixture();
  const tools = createMemoryTools(fixture.memory);
  assert.deepEqual(tools.map((t) => [t.name, t.group, t.writes]), [
    ["memory_write", "memory", true],
    ["memory_search", "memory", false],
  ]);
  assert.deepEqual(tool(tools, "memory_write").affectedPaths?.({ section: "A", content: "x" }), [
    "MEMORY.md",
  ]);
  assert.deepEqual(
    tool(tools, "memory_write").affectedPaths?.({ file: "USER.md", section: "A", content: "x" }),
    [
      "USER.md",
    ],
  );
});

Deno.test("memory_write argument schema takes the shared argument names and refuses others", async () => {
  await using fixture = await memoryFixture();
  const schema = tool(createMemoryTools(fixture.memory), "memory_write").parameters;
  assert.ok(schema.safeParse({ section: "Projects", content: "- x" }).success);
  assert.ok(
    schema.safeParse({ file: "USER.md", section: "Style", content: "terse", mode: "replace" }).success,
  );
  for (
    const bad of [
      { file: "IDENTITY.md", section: "A", content: "x" },
      { file: "../config.yaml", section: "A", content: "x" },
      { section: "A", content: "x", mode: "delete" },
      { section: "", content: "x" },
      { section: "A", content: "x".repeat(20 * 1024 + 1) },
      { content: "x" },
    ]
  ) {
    assert.equal(schema.safeParse(bad).success, false, JSON.stringify(bad).slice(0, 80));
  }
  const search = tool(createMemoryTools(fixture.memory), "memory_search").parameters;
  assert.ok(search.safeParse({ query: "deno" }).success);
  assert.equal(search.safeParse({}).success, false);
});

Deno.test("memory_write then memory_search round-trips through the files", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const tools = createMemoryTools(fixture.memory);
  const written = await tool(tools, "memory_write").execute({
    section: "Projects",
    content: "- Beehive monitor",
  }, context);
  assert.deepEqual(written, { output: 'Appended to "Projects" in MEMORY.md', isError: false });
  const created = await tool(tools, "memory_write").execute(
    { file: "USER.md", section: "Style", content: "Terse answers", mode: "replace" },
    context,
  );
  assert.equal(created.output, 'Replaced "Style" in USER.md (new section)');

  const found = await tool(tools, "memory_search").execute({ query: "beehive" }, context);
  assert.deepEqual(found, {
    output: "1. MEMORY.md > Projects\n   - Parapet - **Beehive** monitor",
    isError: false,
    reads: { paths: ["MEMORY.md"] },
  });
  const none = await tool(tools, "memory_search").execute({ query: "NEAR(" }, context);
  assert.deepEqual(none, { output: 'No memory matches "NEAR("', isError: false });
});

Deno.test("memory tools turn validation failures into tool errors for the model", async () => {
  await using fixture = await memoryFixture({ "MEMORY.md": notes });
  const tools = createMemoryTools(fixture.memory);
  await assert.rejects(
    () => tool(tools, "memory_write").execute({ section: "A", content: "é".repeat(10_241) }, context),
    (error: unknown) => error instanceof ToolError && /Content is too large/.test(error.message),
  );
  await assert.rejects(
    () => tool(tools, "memory_search").execute({ query: "   " }, context),
    (error: unknown) => error instanceof ToolError && error.message === 'Query "q" must not be empty',
  );
});
