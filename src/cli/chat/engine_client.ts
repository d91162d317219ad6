/** A running engine seen from the terminal client: REST calls with the login cookie, and one WebSocket that
 * reconnects with backoff when the engine restarts or the network drops. */
import { secretFromEvent, withConnectionSecret } from "./connection_secret.ts";

export interface EventEnvelope {
  type: string;
  session_id?: string;
  timestamp?: number;
  data?: Record<string, unknown>;
}

export interface EngineClientOptions {
  baseUrl: string;
  /** Asked once when the engine wants a login (PARAPET_PASSWORD or a hidden prompt). */
  password: () => string | undefined;
  onEvent: (event: EventEnvelope) => void;
  /** "connected", "reconnecting in N s", "gone": shown as status lines. */
  onStatus: (status: string) => void;
}

const MAX_BACKOFF_MS = 10_000;

/** The engine answered but would not let this client in. */
export class LoginError extends Error {}

export class EngineClient {
  private cookie = "";
  private socket: WebSocket | undefined;
  private sessionId = "";
  private closing = false;
  private backoffMs = 500;
  private secret: string | undefined;

  constructor(private readonly options: EngineClientOptions) {}

  get wsUrl(): string {
    return this.options.baseUrl.replace(/^http/, "ws") + "/api/ws";
  }

  /** Logs in when the engine asks for it; throws with a clear message when it cannot. */
  async login(): Promise<void> {
    const status = await this.rest("GET", "/api/status");
    if (status.status !== 401) return;
    const password = this.options.password();
    if (!password) {
      throw new LoginError("the engine needs a password: set PARAPET_PASSWORD or type it when asked");
    }
    const response = await fetch(`${this.options.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    await response.body?.cancel();
    if (response.status !== 200) throw new LoginError(`login refused (HTTP ${response.status})`);
    this.cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  }

  async rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }

  /** Opens the WebSocket on `sessionId`; resolves once it is open. */
  async connect(sessionId: string): Promise<void> {
    this.sessionId = sessionId;
    this.secret = undefined;
    const url = `${this.wsUrl}?session_id=${encodeURIComponent(sessionId)}`;
    // deno-lint-ignore no-explicit-any
    const socket = new WebSocket(url, this.cookie ? { headers: { cookie: this.cookie } } as any : undefined);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`Cannot open ${this.wsUrl}`)), { once: true });
    });
    this.socket = socket;
    this.backoffMs = 500;
    socket.addEventListener("message", (message) => this.receive(String(message.data)));
    socket.addEventListener("close", () => {
      if (this.socket === socket && !this.closing) void this.reconnect();
    });
  }

  /** Switches the active session: by the protocol, the session of the latest frame is the active one. */
  useSession(sessionId: string): void {
    this.sessionId = sessionId;
    this.send({ type: "ping", session_id: sessionId });
  }

  get currentSession(): string {
    return this.sessionId;
  }

  send(frame: Record<string, unknown>): void {
    if (this.socket?.readyState !== WebSocket.OPEN) {
      this.options.onStatus("not connected: the frame was not sent");
      return;
    }
    this.socket.send(JSON.stringify(withConnectionSecret(frame, this.secret)));
  }

  close(): void {
    this.closing = true;
    this.socket?.close();
  }

  private receive(text: string): void {
    try {
      const event = JSON.parse(text) as EventEnvelope;
      if (!event || typeof event.type !== "string") return;
      this.secret = secretFromEvent(event) ?? this.secret;
      this.options.onEvent(event);
    } catch {
      // a frame that is not JSON is not from the engine's protocol: ignore it
    }
  }

  private async reconnect(): Promise<void> {
    while (!this.closing) {
      this.options.onStatus(`connection lost: reconnecting in ${Math.round(this.backoffMs / 100) / 10} s`);
      await new Promise((resolve) => setTimeout(resolve, this.backoffMs));
      this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
      try {
        await this.login();
        await this.connect(this.sessionId);
        this.options.onStatus("connected again");
        return;
      } catch {
        // engine still down: try again after a longer pause
      }
    }
  }
}
