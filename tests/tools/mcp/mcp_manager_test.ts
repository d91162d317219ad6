/** MCP servers for real (the SDK's own server in a child process): tools listed under their engine names with
 * annotations and schema, only the configured environment, a poisoned tool disabled, a crash and a restart. */
import { assert, assertEquals } from "../../support/assert.ts";
import { McpManager } from "../../../src/tools/mcp/mcp_manager.ts";
import { createToolRegistry } from "../../../src/tools/registry.ts";
import { parseToolArguments } from "../../../src/tools/validate_arguments.ts";
import { livingProcesses, TEST_MCP_SERVER, testMcpServer } from "../../support/mcp_server_command.ts";

type Log = { level: string; event: string; message: string };

function manager(servers = [testMcpServer("notes")], log: Log[] = []) {
  return new McpManager({
    servers,
    cwd: Deno.cwd(),
    baseEnv: { PATH: "/usr/bin:/bin" },
    log: (level, event, message) => log.push({ level, event, message }),
    connection: { backoff: { initialMs: 50, maxMs: 200, stableMs: 60_000 } },
  });
}

const context = () => ({ sessionId: "s_test", signal: new AbortController().signal });

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert(check(), `timed out waiting for ${what}`);
}

Deno.test("a server's tools are offered as mcp__<server>__<tool> with annotations, schema and Tier floor", async () => {
  const log: Log[] = [];
  const mcp = manager(undefined, log);
  try {
    await mcp.start();
    const names = mcp.tools().map((tool) => tool.name).sort();
    assertEquals(names, [
      "mcp__notes__crash",
      "mcp__notes__delete_all_notes",
      "mcp__notes__environment_names",
      "mcp__notes__read_note",
    ]);
    const read = mcp.tools().find((tool) => tool.name === "mcp__notes__read_note")!;
    assertEquals(read.annotations, { readOnlyHint: true, openWorldHint: false });
    assertEquals([read.writes, read.minimumTier], [false, undefined]);
    assertEquals((read.inputSchema?.properties as Record<string, unknown>).name, {
      type: "string",
      description: "The note's name",
    });
    const destroy = mcp.tools().find((tool) => tool.name === "mcp__notes__delete_all_notes")!;
    assertEquals([destroy.writes, destroy.minimumTier], [true, 2]);
    assertEquals(destroy.annotations?.destructiveHint, true);
    assert(!parseToolArguments(read, '{"name": 7}').ok, "arguments are checked against the server's schema");
    assertEquals(await read.execute({ name: "greeting" }, context()), {
      output: "Hello from the test MCP server",
      isError: false,
    });
  } finally {
    await mcp.stop();
  }
});

Deno.test("a tool with a poisoned description is disabled with a warning, and listed as disabled", async () => {
  const log: Log[] = [];
  const mcp = manager(undefined, log);
  try {
    await mcp.start();
    assert(!mcp.tools().some((tool) => tool.name.includes("search_notes")));
    const warning = log.find((entry) => entry.event === "mcp_tool_disabled");
    assert(warning?.level === "warn" && warning.message.includes("search_notes"), JSON.stringify(log));
    const [status] = mcp.status();
    assertEquals(status.disabled_tools.map((item) => item.tool), ["search_notes"]);
  } finally {
    await mcp.stop();
  }
});

Deno.test("a server gets only its configured environment, never the engine's", async () => {
  Deno.env.set("PARAPET_TEST_ENGINE_SECRET", "do-not-leak");
  const server = { ...testMcpServer("envcheck"), env: { NOTES_TOKEN: "for-the-server" } };
  const mcp = manager([server]);
  try {
    await mcp.start();
    const tool = mcp.tools().find((item) => item.name === "mcp__envcheck__environment_names")!;
    const result = await tool.execute({}, context());
    assertEquals(result.output, "NOTES_TOKEN,PATH");
    assertEquals(mcp.status()[0].env_keys, ["NOTES_TOKEN"]);
  } finally {
    Deno.env.delete("PARAPET_TEST_ENGINE_SECRET");
    await mcp.stop();
  }
});

Deno.test("a server that crashes loses its tools, comes back after a backoff and is stopped with its group", async () => {
  const log: Log[] = [];
  const mcp = manager(undefined, log);
  try {
    await mcp.start();
    const first = mcp.connection("notes")!.pid!;
    const crash = mcp.tools().find((tool) => tool.name === "mcp__notes__crash")!;
    await crash.execute({}, context()).catch(() => {});
    await until(() => mcp.connection("notes")!.restarts >= 1 && mcp.tools().length === 4, "the restart");
    const second = mcp.connection("notes")!.pid!;
    assert(second !== first, "a new process serves the tools");
    assert(log.some((entry) => entry.event === "mcp_server_down"));
    const read = mcp.tools().find((tool) => tool.name === "mcp__notes__read_note")!;
    assertEquals((await read.execute({ name: "greeting" }, context())).isError, false);
  } finally {
    await mcp.stop();
  }
  assertEquals(await livingProcesses(TEST_MCP_SERVER), [], "no server process is left");
});

Deno.test("a server that cannot start is retried with a growing backoff and reports why", async () => {
  const log: Log[] = [];
  const mcp = manager([testMcpServer("broken", "--crash-on-start")], log);
  try {
    await mcp.start();
    assertEquals(mcp.tools(), []);
    await until(() => mcp.connection("broken")!.restarts >= 2, "two retries");
    const downs = log.filter((entry) => entry.event === "mcp_server_down").map((entry) => entry.message);
    assert(downs[0].includes("50 ms") && downs[1].includes("100 ms"), downs.join("\n"));
    assert(mcp.status()[0].last_error.length > 0);
  } finally {
    await mcp.stop();
  }
});

Deno.test("tools whose names collide are refused, and tools.disabled_groups mcp removes them all", async () => {
  const mcp = manager([testMcpServer("dup", "--duplicate-names")]);
  try {
    await mcp.start();
    assert(!mcp.tools().some((tool) => tool.name === "mcp__dup__get_item"));
    assertEquals(mcp.status()[0].disabled_tools.filter((item) => item.reason.includes("collides")).length, 2);
    const enabled = createToolRegistry([], { disabledGroups: [], dynamic: mcp });
    assert(enabled.describe().some((tool) => tool.name === "mcp__dup__read_note"));
    const disabled = createToolRegistry([], { disabledGroups: ["mcp"], dynamic: mcp });
    assertEquals([disabled.describe(), disabled.get("mcp__dup__read_note")], [[], undefined]);
  } finally {
    await mcp.stop();
  }
});
