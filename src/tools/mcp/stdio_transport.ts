/** The MCP stdio transport on Deno.Command: the server runs in its own process group with only the
 * environment it is given (none of the engine's), and stopping it follows the MCP shutdown order: close its
 * stdin, then SIGTERM, then SIGKILL to the whole group. */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import { loadMcpSdk, type McpSdk } from "./mcp_sdk.ts";

/** A server line longer than this closes the connection. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const STDERR_TAIL_CHARS = 4000;
const GRACE_MS = 2000;

export interface ServerCommand {
  command: string;
  args: string[];
  /** The server's complete environment. */
  env: Record<string, string>;
  cwd?: string;
}

export class DenoStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child?: Deno.ChildProcess;
  private writer?: WritableStreamDefaultWriter<Uint8Array>;
  private stderrText = "";
  private closed = false;
  private messageSchema?: McpSdk["JSONRPCMessageSchema"];

  constructor(private readonly server: ServerCommand) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error("The transport is already started");
    this.messageSchema = (await loadMcpSdk()).JSONRPCMessageSchema;
    try {
      this.child = new Deno.Command(this.server.command, {
        args: this.server.args,
        env: this.server.env,
        clearEnv: true,
        cwd: this.server.cwd,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
        detached: true,
      }).spawn();
    } catch (error) {
      const detail = error instanceof Deno.errors.NotFound ? "program not found" : (error as Error).message;
      throw new Error(`Cannot start "${this.server.command}": ${detail}`);
    }
    this.writer = this.child.stdin.getWriter();
    void this.readStdout(this.child.stdout);
    void this.readStderr(this.child.stderr);
    void this.child.status.then(() => this.closeOnce());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.writer || this.closed) throw new Error("Not connected");
    await this.writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    await this.writer?.close().catch(() => {});
    if (!(await exitsWithin(child, GRACE_MS))) {
      this.signalGroup(child.pid, "SIGTERM");
      if (!(await exitsWithin(child, GRACE_MS))) this.signalGroup(child.pid, "SIGKILL");
    }
    // Whatever the server left behind in its group goes with it.
    this.signalGroup(child.pid, "SIGKILL");
    await child.status;
    this.closeOnce();
  }

  /** Kills the group at once (engine shutdown, timeouts). */
  kill(): void {
    if (this.child) this.signalGroup(this.child.pid, "SIGKILL");
  }

  stderrTail(): string {
    return this.stderrText;
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private async readStdout(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of stream) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, "");
          buffer = buffer.slice(newline + 1);
          if (line.trim()) this.deliver(line);
        }
        if (buffer.length > MAX_MESSAGE_BYTES) {
          throw new Error(`The server sent a message over ${MAX_MESSAGE_BYTES} bytes`);
        }
      }
    } catch (error) {
      this.onerror?.(error as Error);
      this.kill();
    }
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = this.messageSchema!.parse(JSON.parse(line)) as JSONRPCMessage;
    } catch {
      // Servers log to stdout by mistake; a line that is not JSON-RPC is reported, not fatal.
      this.onerror?.(new Error(`The server wrote a line that is not JSON-RPC: "${line.slice(0, 120)}"`));
      return;
    }
    this.onmessage?.(message);
  }

  private async readStderr(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) {
        this.stderrText = (this.stderrText + decoder.decode(chunk, { stream: true })).slice(
          -STDERR_TAIL_CHARS,
        );
      }
    } catch {
      // the pipe broke with the server
    }
  }

  private signalGroup(pid: number, signal: Deno.Signal): void {
    try {
      Deno.kill(-pid, signal);
    } catch {
      // the group is gone
    }
  }
}

async function exitsWithin(child: Deno.ChildProcess, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
  try {
    return await Promise.race([child.status.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
