/** One configured MCP server: starts it, lists its tools, calls them with a time bound, and restarts it with
 * exponential backoff when it dies (the backoff resets once it has stayed up a while). */
import type { Client } from "@modelcontextprotocol/sdk/client";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types";
import { DenoStdioTransport, type ServerCommand } from "./stdio_transport.ts";
import { loadMcpSdk } from "./mcp_sdk.ts";

export type ConnectionState = "starting" | "ready" | "restarting" | "stopped";

/** At most this many tools are taken from one server. */
export const MAX_TOOLS_PER_SERVER = 200;

export interface ConnectionOptions {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  backoff: { initialMs: number; maxMs: number; stableMs: number };
  /** Told when the tool list or the state changes. */
  onChange: () => void;
  log: (level: "info" | "warn", event: string, message: string, fields: Record<string, unknown>) => void;
}

export const DEFAULT_CONNECTION_OPTIONS = {
  connectTimeoutMs: 30_000,
  callTimeoutMs: 120_000,
  backoff: { initialMs: 1000, maxMs: 300_000, stableMs: 60_000 },
};

export class McpConnection {
  state: ConnectionState = "starting";
  tools: Tool[] = [];
  lastError = "";
  restarts = 0;
  private client?: Client;
  private transport?: DenoStdioTransport;
  private failures = 0;
  private connectedAt = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;

  constructor(
    readonly name: string,
    private readonly command: ServerCommand,
    private readonly options: ConnectionOptions,
  ) {}

  /** The server's process id while it runs (tests crash it with this). */
  get pid(): number | undefined {
    return this.transport?.pid;
  }

  async start(): Promise<void> {
    if (this.state === "stopped") return;
    const { Client, ToolListChangedNotificationSchema } = await loadMcpSdk();
    // Stopped while the SDK loaded: nothing was started, nothing must be.
    if ((this.state as ConnectionState) === "stopped") return;
    const transport = new DenoStdioTransport(this.command);
    const client = new Client({ name: "parapet", version: "1" }, { capabilities: {} });
    this.transport = transport;
    this.client = client;
    transport.onerror = (error) =>
      this.options.log("warn", "mcp_server_error", `MCP server "${this.name}": ${error.message}`, {
        server: this.name,
      });
    try {
      await client.connect(transport, { timeout: this.options.connectTimeoutMs });
      client.onclose = () => this.lost(client);
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.refresh(client));
      await this.refresh(client);
      this.connectedAt = performance.now();
      this.state = "ready";
      this.lastError = "";
      this.options.log("info", "mcp_server_ready", `MCP server "${this.name}" is ready`, {
        server: this.name,
        tools: this.tools.length,
      });
      this.options.onChange();
    } catch (error) {
      transport.kill();
      await client.close().catch(() => {});
      this.lastError = `${(error as Error).message}${this.stderrNote(transport)}`;
      this.scheduleRestart();
    }
  }

  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    if (this.state !== "ready" || !this.client) {
      throw new Error(`MCP server "${this.name}" is not running (${this.state}): try again shortly`);
    }
    return await this.client.callTool({ name: tool, arguments: args }, undefined, {
      signal,
      timeout: this.options.callTimeoutMs,
    }) as CallToolResult;
  }

  async stop(): Promise<void> {
    this.state = "stopped";
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) client.onclose = undefined;
    await this.transport?.close();
    await client?.close().catch(() => {});
  }

  private async refresh(client: Client): Promise<void> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.options.connectTimeoutMs,
      });
      tools.push(...page.tools as Tool[]);
      cursor = page.nextCursor;
    } while (cursor && tools.length < MAX_TOOLS_PER_SERVER);
    this.tools = tools.slice(0, MAX_TOOLS_PER_SERVER);
    if (this.state === "ready") this.options.onChange();
  }

  /** The server went away without being asked to: its tools are withdrawn until it is back. */
  private lost(client: Client): void {
    if (this.client !== client || this.state === "stopped") return;
    this.lastError = `The server exited${this.transport ? this.stderrNote(this.transport) : ""}`;
    if (performance.now() - this.connectedAt >= this.options.backoff.stableMs) this.failures = 0;
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (this.state === "stopped") return;
    this.state = "restarting";
    this.tools = [];
    const { initialMs, maxMs } = this.options.backoff;
    const delay = Math.min(maxMs, initialMs * 2 ** this.failures);
    this.failures++;
    this.options.log(
      "warn",
      "mcp_server_down",
      `MCP server "${this.name}" is down: restarting in ${delay} ms`,
      {
        server: this.name,
        error: this.lastError,
        attempt: this.failures,
      },
    );
    this.options.onChange();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.restarts++;
      void this.start();
    }, delay);
  }

  private stderrNote(transport: DenoStdioTransport): string {
    const last = transport.stderrTail().trim().split("\n").pop();
    return last ? `: ${last.slice(0, 300)}` : "";
  }
}
