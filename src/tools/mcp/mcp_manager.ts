/** Every configured MCP server (mcp.servers) and the tools they offer, as a dynamic tool source for the
 * registry: named `mcp__<server>__<tool>`, poisoned descriptions disabled with a warning, tools withdrawn while
 * their server is down and back when it restarts. */
import type { AnyTool } from "../types.ts";
import type { DynamicTools } from "../registry.ts";
import { type ConnectionOptions, DEFAULT_CONNECTION_OPTIONS, McpConnection } from "./mcp_connection.ts";
import { nameTools, serverPart } from "./mcp_names.ts";
import { scanTool } from "./description_guard.ts";
import { mcpTool } from "./mcp_tool.ts";

export interface McpServerConfig {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface McpManagerOptions {
  servers: McpServerConfig[];
  /** Working folder of every server (the workspace). */
  cwd: string;
  /** Variables every server gets besides its own `env` (PATH and HOME only; never the engine's secrets). */
  baseEnv: Record<string, string>;
  log: ConnectionOptions["log"];
  connection?: Partial<Omit<ConnectionOptions, "onChange" | "log">>;
}

export interface DisabledTool {
  tool: string;
  reason: string;
}

export interface McpServerStatus {
  name: string;
  command: string;
  args: string[];
  /** Names only: the values may be secrets. */
  env_keys: string[];
  state: string;
  tools: string[];
  disabled_tools: DisabledTool[];
  restarts: number;
  last_error: string;
}

export class McpManager implements DynamicTools {
  private readonly connections: McpConnection[] = [];
  private readonly configs = new Map<string, McpServerConfig>();
  private readonly disabled = new Map<string, DisabledTool[]>();
  private readonly warned = new Set<string>();
  private current: AnyTool[] = [];
  private changes = 0;

  constructor(private readonly options: McpManagerOptions) {
    const seen = new Set<string>();
    for (const server of options.servers) {
      const key = serverPart(server.name);
      if (seen.has(key)) {
        options.log(
          "warn",
          "mcp_server_refused",
          `MCP server "${server.name}" is refused: its name repeats another`,
          {
            server: server.name,
          },
        );
        continue;
      }
      seen.add(key);
      this.configs.set(server.name, server);
      this.connections.push(
        new McpConnection(server.name, {
          command: server.command,
          args: server.args,
          env: { ...options.baseEnv, ...server.env },
          cwd: options.cwd,
        }, {
          ...DEFAULT_CONNECTION_OPTIONS,
          ...options.connection,
          onChange: () => this.rebuild(),
          log: options.log,
        }),
      );
    }
  }

  /** Starts every server; resolves when each has made its first attempt (ready or waiting to retry). */
  async start(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.start()));
  }

  tools(): AnyTool[] {
    return this.current;
  }

  version(): number {
    return this.changes;
  }

  connection(name: string): McpConnection | undefined {
    return this.connections.find((connection) => connection.name === name);
  }

  status(): McpServerStatus[] {
    return this.connections.map((connection) => {
      const config = this.configs.get(connection.name)!;
      const prefix = `mcp__${serverPart(connection.name)}__`;
      return {
        name: connection.name,
        command: config.command,
        args: config.args,
        env_keys: Object.keys(config.env),
        state: connection.state,
        tools: this.current.filter((tool) => tool.name.startsWith(prefix)).map((tool) => tool.name),
        disabled_tools: this.disabled.get(connection.name) ?? [],
        restarts: connection.restarts,
        last_error: connection.lastError,
      };
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.stop()));
    this.current = [];
    this.changes++;
  }

  private rebuild(): void {
    const tools: AnyTool[] = [];
    for (const connection of this.connections) {
      const disabled: DisabledTool[] = [];
      const listed = connection.state === "ready" ? connection.tools : [];
      const naming = nameTools(connection.name, listed.map((tool) => tool.name));
      for (const refused of naming.refused) disabled.push({ tool: refused.original, reason: refused.reason });
      const own = new Set(listed.map((tool) => tool.name));
      for (const { original, name } of naming.accepted) {
        const tool = listed.find((item) => item.name === original)!;
        const findings = scanTool(tool, own);
        if (findings.length > 0) {
          const detail = findings.map((finding) => `${finding.rule} ("${finding.excerpt}")`).join("; ");
          disabled.push({
            tool: original,
            reason: `its description looks like injected instructions: ${detail}`,
          });
          continue;
        }
        tools.push(mcpTool(connection.name, tool, name, connection));
      }
      this.disabled.set(connection.name, disabled);
      for (const item of disabled) this.warnOnce(connection.name, item);
    }
    this.current = tools;
    this.changes++;
  }

  private warnOnce(server: string, item: DisabledTool): void {
    const key = `${server}\u0000${item.tool}\u0000${item.reason}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.log(
      "warn",
      "mcp_tool_disabled",
      `MCP tool "${item.tool}" of "${server}" is disabled: ${item.reason}`,
      {
        server,
        tool: item.tool,
      },
    );
  }
}
