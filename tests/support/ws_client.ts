/** A WebSocket test client that records every event and waits for the ones a test expects. */

export interface EventRecord {
  type: string;
  session_id?: string;
  timestamp?: number;
  data?: Record<string, unknown>;
}

const KEYED_FRAMES = new Set(["command", "tier3_decision"]);

export class WsClient {
  readonly events: EventRecord[] = [];
  /** The control key this connection claimed; send() puts it in command and tier3_decision frames. */
  key?: string;
  private waiters: { match: (event: EventRecord) => boolean; resolve: (event: EventRecord) => void }[] = [];
  closed: Promise<CloseEvent>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.addEventListener("close", (event) => resolve(event)));
    socket.addEventListener("message", (message) => {
      const event = JSON.parse(String(message.data)) as EventRecord;
      this.events.push(event);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(event)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
  }

  static async connect(
    url: string,
    sessionId?: string,
    headers?: Record<string, string>,
    key?: string,
  ): Promise<WsClient> {
    const query = new URLSearchParams();
    if (sessionId) query.set("session_id", sessionId);
    if (key) query.set("key", key);
    const full = query.size ? `${url}?${query}` : url;
    // deno-lint-ignore no-explicit-any
    const socket = new WebSocket(full, headers ? { headers } as any : undefined);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`WebSocket to ${full} failed`)), {
        once: true,
      });
    });
    const client = new WsClient(socket);
    client.key = key;
    return client;
  }

  /** Connects the way the web UI does: with a fresh control key from POST /api/control-key. */
  static async connectWithKey(
    url: string,
    sessionId?: string,
    headers?: Record<string, string>,
  ): Promise<WsClient> {
    return await WsClient.connect(url, sessionId, headers, await fetchControlKey(url, headers));
  }

  send(frame: unknown): void {
    if (typeof frame === "string") return this.socket.send(frame);
    const record = frame as Record<string, unknown>;
    const keyed = this.key && KEYED_FRAMES.has(String(record.type)) && !("key" in record)
      ? { ...record, key: this.key }
      : record;
    this.socket.send(JSON.stringify(keyed));
  }

  /** Resolves with the first event (already received or future) matching `type` and `match`. */
  waitFor(
    type: string,
    match: (event: EventRecord) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<EventRecord> {
    const test = (event: EventRecord) => event.type === type && match(event);
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(
          new Error(
            `No "${type}" event within ${timeoutMs} ms; got: ${
              this.events.map((event) => event.type).join(", ")
            }`,
          ),
        );
      }, timeoutMs);
      const done = (event: EventRecord) => {
        clearTimeout(timer);
        resolve(event);
      };
      this.waiters.push({ match: test, resolve: done });
    });
  }

  ofType(type: string): EventRecord[] {
    return this.events.filter((event) => event.type === type);
  }

  clear(): void {
    this.events.length = 0;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}

/** A control key for a client of the engine at `wsUrl` (its /api/ws address). */
export async function fetchControlKey(wsUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const base = wsUrl.replace(/^ws/, "http").replace(/\/api\/ws$/, "");
  const response = await fetch(`${base}/api/control-key`, {
    method: "POST",
    headers: { "x-parapet-control": "1", ...headers },
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`No control key: ${response.status} ${JSON.stringify(body)}`);
  return body.key;
}
