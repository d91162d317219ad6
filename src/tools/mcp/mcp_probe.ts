/** `POST /api/settings/test-mcp`: starts a server as the engine would (its own env, its own process group),
 * lists its tools and stops it, all within a time limit (spec 8: 15 s). Reports which tools the engine would
 * refuse and why, so a poisoned server is visible before it is configured. */
import type { Client } from "@modelcontextprotocol/sdk/client";
import type { Tool } from "@modelcontextprotocol/sdk/types";
import { DenoStdioTransport } from "./stdio_transport.ts";
import type { McpServerConfig } from "./mcp_manager.ts";
import { nameTools } from "./mcp_names.ts";
import { capDescription, scanTool } from "./description_guard.ts";
import { loadMcpSdk } from "./mcp_sdk.ts";

export const PROBE_TIMEOUT_MS = 15_000;

export interface ProbeResult {
  success: boolean;
  tools: { name: string; description: string; engine_name?: string; refused?: string }[];
  error?: string;
}

export async function probeMcpServer(
  server: McpServerConfig,
  options: { cwd: string; baseEnv: Record<string, string>; timeoutMs?: number },
): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const { Client } = await loadMcpSdk();
  const transport = new DenoStdioTransport({
    command: server.command,
    args: server.args,
    env: { ...options.baseEnv, ...server.env },
    cwd: options.cwd,
  });
  const client = new Client({ name: "parapet-test", version: "1" }, { capabilities: {} });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      transport.kill();
      reject(new Error(`The server did not list its tools within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
  });
  try {
    const tools = await Promise.race([list(client, transport, timeoutMs), expired]);
    return { success: true, tools: describe(server.name, tools) };
  } catch (error) {
    const stderr = transport.stderrTail().trim().split("\n").pop();
    return {
      success: false,
      tools: [],
      error: `${(error as Error).message}${stderr ? `: ${stderr.slice(0, 300)}` : ""}`,
    };
  } finally {
    clearTimeout(timer);
    transport.kill();
    await client.close().catch(() => {});
  }
}

async function list(client: Client, transport: DenoStdioTransport, timeoutMs: number): Promise<Tool[]> {
  await client.connect(transport, { timeout: timeoutMs });
  const page = await client.listTools(undefined, { timeout: timeoutMs });
  return page.tools as Tool[];
}

function describe(serverName: string, tools: Tool[]): ProbeResult["tools"] {
  const naming = nameTools(serverName, tools.map((tool) => tool.name));
  const own = new Set(tools.map((tool) => tool.name));
  return tools.map((tool) => {
    const named = naming.accepted.find((item) => item.original === tool.name);
    const refusedName = naming.refused.find((item) => item.original === tool.name);
    const findings = scanTool(tool, own);
    const refused = refusedName?.reason ??
      (findings.length > 0
        ? `description looks like injected instructions (${findings[0].rule})`
        : undefined);
    return {
      name: tool.name,
      description: capDescription(tool.description ?? ""),
      ...(named ? { engine_name: named.name } : {}),
      ...(refused ? { refused } : {}),
    };
  });
}
