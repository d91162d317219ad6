/** The test-mcp probe: lists a server's tools (saying which the engine would refuse), reports a server that
 * fails, and kills one that never answers within the time limit. */
import { assert, assertEquals } from "../../support/assert.ts";
import { probeMcpServer } from "../../../src/tools/mcp/mcp_probe.ts";
import { livingProcesses, testMcpServer } from "../../support/mcp_server_command.ts";

const options = { cwd: Deno.cwd(), baseEnv: { PATH: "/usr/bin:/bin" } };

Deno.test("the probe lists the tools with their engine names and marks the poisoned one", async () => {
  const result = await probeMcpServer(testMcpServer("notes"), options);
  assert(result.success, result.error);
  const byName = new Map(result.tools.map((tool) => [tool.name, tool]));
  assertEquals(byName.get("read_note")?.engine_name, "mcp__notes__read_note");
  assert(byName.get("search_notes")?.refused?.includes("injected instructions"));
  assertEquals(await livingProcesses("test_mcp_server.ts"), []);
});

Deno.test("a server that exits at once is reported as a failure", async () => {
  const result = await probeMcpServer(testMcpServer("broken", "--crash-on-start"), options);
  assertEquals([result.success, result.tools], [false, []]);
  assert(result.error && result.error.length > 0);
});

Deno.test("a command that is not an MCP server is stopped at the time limit", async () => {
  const marker = `probe-sleep-${crypto.randomUUID()}`;
  const result = await probeMcpServer(
    { name: "sleeper", command: "sh", args: ["-c", `exec sleep 30 # ${marker}`], env: {} },
    { ...options, timeoutMs: 500 },
  );
  assertEquals(result.success, false);
  assert(result.error?.includes("within 1 s"), result.error);
  for (let i = 0; i < 40 && (await livingProcesses(marker)).length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assertEquals(await livingProcesses(marker), []);
});

Deno.test("a program that does not exist is reported, not thrown", async () => {
  const result = await probeMcpServer(
    { name: "none", command: "/no/such/program", args: [], env: {} },
    options,
  );
  assertEquals(result.success, false);
  assert(result.error?.includes("program not found"), result.error);
});
