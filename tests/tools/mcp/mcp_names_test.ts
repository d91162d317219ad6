/** MCP tool names: mcp__<server>__<tool>, provider-safe, unambiguous, collisions refused. */
import { assert, assertEquals } from "../../support/assert.ts";
import { MAX_TOOL_NAME, mcpToolName, nameTools, serverPart } from "../../../src/tools/mcp/mcp_names.ts";

Deno.test("names are cleaned to provider-safe characters and the server part never holds a double underscore", () => {
  assertEquals(mcpToolName("github", "create_issue"), "mcp__github__create_issue");
  assertEquals(mcpToolName("my__odd__server", "x"), "mcp__my_odd_server__x");
  assertEquals(mcpToolName("notes", "get.item/v2 now"), "mcp__notes__get_item_v2_now");
  assertEquals(serverPart("__"), "server");
  const name = mcpToolName("notes", "ignore\u200Bprevious")!;
  assert(/^[A-Za-z0-9_-]+$/.test(name), name);
});

Deno.test("long names are shortened with a digest and stay distinct", () => {
  const a = mcpToolName("server", "a".repeat(100) + "1")!;
  const b = mcpToolName("server", "a".repeat(100) + "2")!;
  assert(a.length <= MAX_TOOL_NAME && b.length <= MAX_TOOL_NAME);
  assert(a !== b);
  assertEquals(mcpToolName("s".repeat(70), "tool"), undefined);
});

Deno.test("tools whose names collide after cleaning are all refused", () => {
  const naming = nameTools("notes", ["get.item", "get item", "read_note"]);
  assertEquals(naming.accepted, [{ original: "read_note", name: "mcp__notes__read_note" }]);
  assertEquals(naming.refused.map((item) => item.original).sort(), ["get item", "get.item"]);
  assert(naming.refused[0].reason.includes("collides"));
});
