/** A WebSocket test client that records every event and waits for the ones a test expects. */

export interface EventRecord {
  type: string;
  session_id?: string;
  timestamp?: number;
  data?: Record<string, unknown>;
}

export class WsClient {
  readonly events: EventRecord[] = [];
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

  static async connect(url: string, sessionId?: string, headers?: Record<string, string>): Promise<WsClient> {
    const full = sessionId ? `${url}?session_id=${encodeURIComponent(sessionId)}` : url;
    // deno-lint-ignore no-explicit-any
    const socket = new WebSocket(full, headers ? { headers } as any : undefined);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`WebSocket to ${full} failed`)), {
        once: true,
      });
    });
    return new WsClient(socket);
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
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
