import assert from "node:assert/strict";
import { z } from "zod";
import { createToolRegistry } from "../../src/tools/registry.ts";
import type { AnyTool, ToolGroup } from "../../src/tools/types.ts";

function fakeTool(name: string, group: ToolGroup): AnyTool {
  return {
    name,
    group,
    description: `${name} description`,
    parameters: z.object({ path: z.string().describe("Where"), limit: z.number().int().optional() }),
    writes: false,
    execute: () => Promise.resolve({ output: name, isError: false }),
  };
}

const tools = [
  fakeTool("read_file", "files"),
  fakeTool("execute_command", "shell"),
  fakeTool("git_status", "git"),
];

Deno.test("createToolRegistry lists every tool when no group is disabled", () => {
  const registry = createToolRegistry(tools, { disabledGroups: [] });
  assert.deepEqual(registry.list().map((tool) => tool.name), ["read_file", "execute_command", "git_status"]);
  assert.equal(registry.get("git_status")?.name, "git_status");
  assert.equal(registry.get("unknown_tool"), undefined);
});

Deno.test("createToolRegistry removes disabled groups from list, get, specs and describe", () => {
  const registry = createToolRegistry(tools, { disabledGroups: ["shell", "git"] });
  assert.deepEqual(registry.list().map((tool) => tool.name), ["read_file"]);
  assert.equal(registry.get("execute_command"), undefined);
  assert.deepEqual(registry.specs().map((spec) => spec.name), ["read_file"]);
  assert.deepEqual(registry.describe(), [{ name: "read_file", description: "read_file description" }]);
});

Deno.test("specs carry an object JSON Schema of the arguments", () => {
  const [spec] = createToolRegistry(tools, { disabledGroups: [] }).specs();
  assert.deepEqual(spec, {
    name: "read_file",
    description: "read_file description",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "Where" },
        limit: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      },
      required: ["path"],
    },
  });
});

Deno.test("createToolRegistry refuses two tools with the same name", () => {
  assert.throws(
    () => createToolRegistry([...tools, fakeTool("read_file", "files")], { disabledGroups: [] }),
    /Duplicate tool name "read_file"/,
  );
});
