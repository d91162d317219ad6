/** WebSocket connections and the delivery rules of docs/api.md ("WebSocket"): log_entry to all, other events to their session.
 * Frames that act for the user (`command`, `tier3_decision`) need a connection the engine trusts with control:
 * any, when no password is set; else one opened with a valid login cookie or holding a control key. */
import { PONG, type ServerEvent } from "../protocol/server_events.ts";
import type { Logger } from "../log/logger.ts";
import { type ClientFrame, parseClientFrame } from "../protocol/client_frames.ts";
import type { ControlKeys } from "./control_keys.ts";
import type { Presence } from "./presence.ts";

const MAX_FRAME_BYTES = 10 * 1024 * 1024;

/** What the hub asks of the engine for each client frame. */
export interface FrameHandler {
  /** Throws AppError (e.g. UNKNOWN_SESSION) for frames that cannot be accepted. */
  handle(frame: ClientFrame, client: { channel: "web"; activeSessionId: string }): Promise<void> | void;
}

interface Connection {
  socket: WebSocket;
  activeSessionId: string;
  /** The control key this connection claimed, if any. */
  key?: string;
  /** Whether the connection may still act for the user (no password set, or its login is still valid). */
  controls?: () => boolean;
}

/** Decides, at upgrade, whether a connection may act for the user without a control key. */
export type ControlAtUpgrade = (request: Request) => (() => boolean) | undefined;

const KEYED_FRAMES = new Set(["command", "tier3_decision"]);

const KEY_INVALID =
  "Control key is unknown, expired, revoked or another connection's: get a new one with POST /api/control-key";

export interface HubOptions {
  /** Where client frames go (the engine's conversation). */
  handler: FrameHandler;
  logger: Logger;
  now: () => number;
  keys: ControlKeys;
  /** Events a client must see when it starts watching a session (open Tier 3 requests). */
  stateFor?: (sessionId: string) => ServerEvent[];
  controlAtUpgrade?: ControlAtUpgrade;
  /** The hub adds its connections here as clients able to answer for their session. */
  presence?: Presence;
}

export class WebSocketHub {
  private readonly connections = new Set<Connection>();
  private readonly handler: FrameHandler;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly keys: ControlKeys;
  private readonly stateFor: (sessionId: string) => ServerEvent[];
  private readonly controlAtUpgrade: ControlAtUpgrade;

  constructor(options: HubOptions) {
    this.handler = options.handler;
    this.logger = options.logger;
    this.now = options.now;
    this.keys = options.keys;
    this.stateFor = options.stateFor ?? (() => []);
    this.controlAtUpgrade = options.controlAtUpgrade ?? (() => undefined);
    options.presence?.add((sessionId) => this.clientsFor(sessionId));
  }

  /** Upgrades an already authorised request. A `key` query parameter claims a control key for the connection. */
  upgrade(request: Request): Response {
    const query = new URL(request.url).searchParams;
    const sessionId = query.get("session_id") ?? "";
    const key = query.get("key") ?? undefined;
    if (key !== undefined && !this.keys.claim(key)) {
      return Response.json({ error: KEY_INVALID, code: "CONTROL_KEY_INVALID" }, { status: 403 });
    }
    // Decided before the upgrade: the request's headers cannot be read once it has been upgraded.
    const controls = key !== undefined ? () => this.keys.valid(key) : this.controlAtUpgrade(request);
    const { socket, response } = Deno.upgradeWebSocket(request, { idleTimeout: 120 });
    const connection: Connection = { socket, activeSessionId: sessionId.slice(0, 128), key, controls };
    socket.onopen = () => {
      this.connections.add(connection);
      this.activate(connection, connection.activeSessionId);
    };
    const close = () => {
      this.connections.delete(connection);
      if (connection.key) this.keys.release(connection.key);
    };
    socket.onclose = close;
    socket.onerror = close;
    socket.onmessage = (message) => this.receive(connection, message.data);
    return response;
  }

  deliver(event: ServerEvent): void {
    const text = JSON.stringify(event);
    for (const connection of this.connections) {
      if (event.type === "log_entry" || connection.activeSessionId === event.session_id) {
        this.send(connection, text);
      }
    }
  }

  /** Number of open connections whose active session is `sessionId` and that could answer for it. */
  clientsFor(sessionId: string): number {
    let count = 0;
    for (const connection of this.connections) {
      if (connection.activeSessionId === sessionId && connection.controls?.()) count++;
    }
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
    const parsed = this.parse(connection, data);
    const frame = parsed && this.admit(connection, parsed);
    if (!frame) return;
    if (frame.type === "ping") {
      this.send(connection, JSON.stringify(PONG));
      return;
    }
    try {
      await this.handler.handle(frame, { channel: "web", activeSessionId: connection.activeSessionId });
    } catch (error) {
      const code = (error as { code?: string }).code ?? "INTERNAL";
      const known = typeof (error as { status?: number }).status === "number";
      if (!known) {
        this.logger.error("ws_handler_error", (error as Error).message, {
          stack: (error as Error).stack ?? "",
        });
      }
      this.sendError(
        connection,
        this.sessionOf(connection, frame),
        code,
        known ? (error as Error).message : "Internal error handling the frame",
      );
    }
  }

  /** The frame, or undefined after answering (or closing) for an oversized, binary or invalid one. */
  private parse(connection: Connection, data: unknown): ClientFrame | undefined {
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
      return undefined;
    }
    if (typeof data !== "string") {
      this.sendError(
        connection,
        connection.activeSessionId,
        "INVALID_FRAME",
        "Frames must be JSON text, not binary",
      );
      return undefined;
    }
    const parsed = parseClientFrame(data);
    if (parsed.ok) return parsed.frame;
    this.sendError(
      connection,
      parsed.sessionId ?? connection.activeSessionId,
      "INVALID_FRAME",
      parsed.message,
    );
    return undefined;
  }

  /** Checks the control key of frames that act for the user and applies the frame's session to the connection;
   * undefined (after an error event) when the frame must do nothing. */
  private admit(connection: Connection, frame: ClientFrame): ClientFrame | undefined {
    if (KEYED_FRAMES.has(frame.type)) {
      const refusal = this.keyRefusal(connection, (frame as { key?: string }).key);
      if (refusal) {
        this.sendError(connection, this.sessionOf(connection, frame), refusal.code, refusal.message);
        return undefined;
      }
    }
    // The session a decision answers for is the one this connection watches, never the frame's word.
    if (frame.type === "tier3_decision") {
      return { ...frame, session_id: connection.activeSessionId || undefined };
    }
    if ("session_id" in frame && frame.session_id) {
      const changed = connection.activeSessionId !== frame.session_id;
      connection.activeSessionId = frame.session_id;
      if (changed) this.activate(connection, frame.session_id);
    }
    return frame;
  }

  private sessionOf(connection: Connection, frame: ClientFrame): string {
    return "session_id" in frame && frame.session_id ? frame.session_id : connection.activeSessionId;
  }

  /** Why a frame that acts for the user is refused, or undefined when the connection may act for the user. */
  private keyRefusal(
    connection: Connection,
    key: string | undefined,
  ): { code: string; message: string } | undefined {
    if ((key === undefined || key === "" || key === connection.key) && connection.controls?.()) {
      return undefined;
    }
    if (key === undefined || key === "") {
      return {
        code: "CONTROL_KEY_REQUIRED",
        message:
          "This frame acts for the user: a password is set, so open the connection with a login cookie " +
          '(op_session) or put a control key in "key" (POST /api/control-key)',
      };
    }
    // A connection opened without a key may claim one with its first keyed frame.
    if (!connection.key && this.keys.claim(key)) {
      connection.key = key;
      connection.controls = () => this.keys.valid(key);
    }
    if (connection.key !== key || !this.keys.valid(key)) {
      return { code: "CONTROL_KEY_INVALID", message: KEY_INVALID };
    }
    return undefined;
  }

  private activate(connection: Connection, sessionId: string): void {
    if (!sessionId) return;
    for (const event of this.stateFor(sessionId)) this.send(connection, JSON.stringify(event));
  }

  private sendError(connection: Connection, sessionId: string, code: string, message: string): void {
    const event: ServerEvent = {
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
