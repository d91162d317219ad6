/** Sub-agent and MCP benchmark: a sub-agent child's spawn-to-first-token time and memory, each against a bare
 * `deno run` measured in the same run, and the added cost of an MCP tool call over calling the same work
 * directly in the engine's process. The fake LLM answers at once, so the figures are the engine's own cost. */
import { createChildSpawner } from "../src/engine/sub_agents/child_spawner.ts";
import { McpManager } from "../src/tools/mcp/mcp_manager.ts";
import { startFakeLlm } from "../tests/support/fake_llm.ts";
import { testMcpServer } from "../tests/support/mcp_server_command.ts";
import { fixed, machineNote, percentile, ratio, REPO_ROOT } from "./bench_support.ts";

const SPAWNS = 10;
const MCP_WARMUP = 50;
const MCP_CALLS = 1_000;
const DIRECT_CALLS = 100_000;
const BARE_SCRIPT = "console.log('ready'); await new Promise((resolve) => setTimeout(resolve, 300));";

function rssMb(pid: number): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** A bare Deno process: time to its first output line and its memory while it waits. */
async function bareDeno(): Promise<{ ms: number; mb: number }> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--config", `${REPO_ROOT}/deno.json`, "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(BARE_SCRIPT));
  await writer.close();
  const reader = child.stdout.getReader();
  await reader.read();
  const ms = performance.now() - started;
  const mb = rssMb(child.pid);
  reader.releaseLock();
  await child.stdout.cancel();
  await child.status;
  return { ms, mb };
}

/** A real sub-agent child: spawn to its first streamed token, and its memory once it waits for its first tool
 * call's result (idle, after a whole LLM round). */
async function subAgent(llmUrl: string): Promise<{ ms: number; mb: number }> {
  const model = { name: "fake", provider: "openai" as const, model: "fake-model", base_url: llmUrl };
  const spawner = createChildSpawner({ engine: () => ({ host: "", port: 1 }), env: {} });
  const started = performance.now();
  const child = spawner.spawn(model, "sa_bench");
  await child.send({
    type: "start",
    task: "Say hello",
    system_prompt: "You are a sub-agent.",
    model,
    api_key: "bench-key",
    tools: [{ name: "read_file", description: "Read a file", parameters: { type: "object" } }],
    max_rounds: 2,
    max_response_tokens: 100,
  });
  let ms = NaN;
  let mb = NaN;
  for await (const event of child.events()) {
    if ("message" in event && event.message.type === "token" && Number.isNaN(ms)) {
      ms = performance.now() - started;
    }
    if ("message" in event && event.message.type === "tool_call") {
      mb = rssMb(child.pid);
      break;
    }
    if ("message" in event && (event.message.type === "done" || event.message.type === "failed")) break;
  }
  child.kill();
  return { ms, mb };
}

async function spawnFigures(): Promise<void> {
  const llm = await startFakeLlm({
    fallback: () => ({
      text: "Reading it.",
      toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }],
    }),
  });
  try {
    await subAgent(llm.url); // warms Deno's module cache
    await bareDeno();
    const bare: { ms: number; mb: number }[] = [];
    const child: { ms: number; mb: number }[] = [];
    for (let i = 0; i < SPAWNS; i++) {
      bare.push(await bareDeno());
      child.push(await subAgent(llm.url));
    }
    const p50 = (items: { ms: number; mb: number }[], key: "ms" | "mb") =>
      percentile(items.map((item) => item[key]), 0.5);
    console.log(
      `sub-agent spawn to first token: p50 ${fixed(p50(child, "ms"), 1)} ms ` +
        `(bare deno run to first output ${fixed(p50(bare, "ms"), 1)} ms, ${
          ratio(p50(child, "ms"), p50(bare, "ms"))
        })`,
    );
    console.log(
      `memory per sub-agent child (RSS waiting on its first tool call): p50 ${
        fixed(p50(child, "mb"), 1)
      } MB ` +
        `(bare deno ${fixed(p50(bare, "mb"), 1)} MB, ${ratio(p50(child, "mb"), p50(bare, "mb"))})`,
    );
  } finally {
    await llm.close();
  }
}

async function mcpFigures(): Promise<void> {
  const mcp = new McpManager({
    servers: [testMcpServer("bench")],
    cwd: REPO_ROOT,
    baseEnv: { PATH: "/usr/bin:/bin" },
    log: () => {},
  });
  await mcp.start();
  try {
    const tool = mcp.tools().find((item) => item.name === "mcp__bench__read_note")!;
    const context = { sessionId: "s_bench", signal: new AbortController().signal };
    for (let i = 0; i < MCP_WARMUP; i++) await tool.execute({ name: "greeting" }, context);
    const viaMcp: number[] = [];
    for (let i = 0; i < MCP_CALLS; i++) {
      const started = performance.now();
      await tool.execute({ name: "greeting" }, context);
      viaMcp.push(performance.now() - started);
    }
    // The same work done directly: the server's handler is a map lookup returning a text part.
    const notes = new Map([["greeting", "Hello from the test MCP server"]]);
    const direct = (name: string) => Promise.resolve({ output: notes.get(name) ?? "", isError: false });
    const started = performance.now();
    for (let i = 0; i < DIRECT_CALLS; i++) await direct("greeting");
    const directMs = (performance.now() - started) / DIRECT_CALLS;
    const mcpP50 = percentile(viaMcp, 0.5);
    console.log(
      `MCP tool call (stdio JSON-RPC round trip): p50 ${fixed(mcpP50 * 1000, 0)} µs, ` +
        `p99 ${fixed(percentile(viaMcp, 0.99) * 1000, 0)} µs; direct in-process call ${
          fixed(directMs * 1000, 3)
        } µs; ` +
        `overhead ${fixed((mcpP50 - directMs) * 1000, 0)} µs per call (${ratio(mcpP50, directMs)})`,
    );
  } finally {
    await mcp.stop();
  }
}

console.log(`agents bench (${machineNote()})`);
await spawnFigures();
await mcpFigures();
