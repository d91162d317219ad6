/** WebSocket connections and the delivery rules of spec 6.3: log_entry to all, other events to their session. */
import type { PipelineEvent } from "../engine/events.ts";
import type { Logger } from "../logger.ts";
import { type ClientFrame, parseClientFrame } from "./client_frames.ts";

export const MAX_FRAME_BYTES = 10 * 1024 * 1024;

/** What the hub asks of the engine for each client frame. */
export interface FrameHandler {
  /** Throws AppError (e.g. UNKNOWN_SESSION) for frames that cannot be accepted. */
  handle(frame: ClientFrame, client: { channel: "web"; activeSessionId: string }): Promise<void> | void;
}

interface Connection {
  socket: WebSocket;
  activeSessionId: string;
}

export class WebSocketHub {
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly handler: FrameHandler,
    private readonly logger: Logger,
    private readonly now: () => number,
    /** Events a client must see when it starts watching a session (open Tier 3 requests). */
    private readonly stateFor: (sessionId: string) => PipelineEvent[] = () => [],
  ) {}

  /** Upgrades an already authorised request. */
  upgrade(request: Request): Response {
    const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
    const { socket, response } = Deno.upgradeWebSocket(request, { idleTimeout: 120 });
    const connection: Connection = { socket, activeSessionId: sessionId.slice(0, 128) };
    socket.onopen = () => {
      this.connections.add(connection);
      this.activate(connection, connection.activeSessionId);
    };
    socket.onclose = () => this.connections.delete(connection);
    socket.onerror = () => this.connections.delete(connection);
    socket.onmessage = (message) => this.receive(connection, message.data);
    return response;
  }

  deliver(event: PipelineEvent): void {
    const text = JSON.stringify(event);
    for (const connection of this.connections) {
      if (event.type === "log_entry" || connection.activeSessionId === event.session_id) {
        this.send(connection, text);
      }
    }
  }

  /** Number of open connections whose active session is `sessionId`. */
  clientsFor(sessionId: string): number {
    let count = 0;
    for (const connection of this.connections) if (connection.activeSessionId === sessionId) count++;
    return count;
  }

  closeAll(): void {
    for (const connection of this.connections) {
      try {
        connection.socket.close(1001, "engine stopping");
      } catch {
        // already closing
      }
    }
    this.connections.clear();
  }

  private async receive(connection: Connection, data: unknown): Promise<void> {
    const size = typeof data === "string" ? data.length : data instanceof ArrayBuffer ? data.byteLength : 0;
    if (
      size > MAX_FRAME_BYTES ||
      // A UTF-16 unit is at most 3 UTF-8 bytes: only near the limit is the exact byte size worth computing.
      (typeof data === "string" && size * 3 > MAX_FRAME_BYTES &&
        new TextEncoder().encode(data).length > MAX_FRAME_BYTES)
    ) {
      this.logger.warn("ws_frame_too_large", "Closed a WebSocket connection that sent a frame over 10 MB", {
        size,
      });
      connection.socket.close(1009, "frame larger than 10 MB");
      this.connections.delete(connection);
      return;
    }
    if (typeof data !== "string") {
      this.sendError(
        connection,
        connection.activeSessionId,
        "INVALID_FRAME",
        "Frames must be JSON text, not binary",
      );
      return;
    }
    const parsed = parseClientFrame(data);
    if (!parsed.ok) {
      this.sendError(
        connection,
        parsed.sessionId ?? connection.activeSessionId,
        "INVALID_FRAME",
        parsed.message,
      );
      return;
    }
    const frame = parsed.frame;
    if ("session_id" in frame && frame.session_id && frame.type !== "tier3_decision") {
      const changed = connection.activeSessionId !== frame.session_id;
      connection.activeSessionId = frame.session_id;
      if (changed) this.activate(connection, frame.session_id);
    }
    if (frame.type === "ping") {
      this.send(connection, JSON.stringify({ type: "pong" }));
      return;
    }
    try {
      await this.handler.handle(frame, { channel: "web", activeSessionId: connection.activeSessionId });
    } catch (error) {
      const code = (error as { code?: string }).code ?? "INTERNAL";
      const sessionId = "session_id" in frame && frame.session_id
        ? frame.session_id
        : connection.activeSessionId;
      const known = typeof (error as { status?: number }).status === "number";
      if (!known) {
        this.logger.error("ws_handler_error", (error as Error).message, {
          stack: (error as Error).stack ?? "",
        });
      }
      this.sendError(
        connection,
        sessionId,
        code,
        known ? (error as Error).message : "Internal error handling the frame",
      );
    }
  }

  private activate(connection: Connection, sessionId: string): void {
    if (!sessionId) return;
    for (const event of this.stateFor(sessionId)) this.send(connection, JSON.stringify(event));
  }

  private sendError(connection: Connection, sessionId: string, code: string, message: string): void {
    const event: PipelineEvent = {
      type: "error",
      session_id: sessionId,
      timestamp: this.now(),
      data: { code, message, recoverable: true },
    };
    this.send(connection, JSON.stringify(event));
  }

  private send(connection: Connection, text: string): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    try {
      connection.socket.send(text);
    } catch {
      this.connections.delete(connection);
    }
  }
}
