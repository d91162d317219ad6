/** JSON-RPC 2.0 over a line transport (signal-cli's `jsonRpc` stdio, or its HTTP daemon): requests matched to
 * answers by id and bounded in time; notifications (incoming messages) handed to a listener. */
import { PlatformError, RateLimitedError } from "../channel_errors.ts";

const REQUEST_TIMEOUT_MS = 30_000;
/** signal-cli's error code for "rate limited by the Signal server". */
const RATE_LIMITED = -5;

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class JsonRpcClient {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(
    private readonly write: (line: string) => Promise<void>,
    private readonly onNotification: (method: string, params: unknown) => void,
  ) {}

  request(method: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(
          new PlatformError(
            `signal-cli "${method}" did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`,
            true,
          ),
        );
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      this.write(JSON.stringify({ jsonrpc: "2.0", method, params, id }) + "\n").catch((error) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        reject(new PlatformError(`signal-cli "${method}" could not be sent: ${error.message}`, true));
      });
    });
  }

  /** One line from the transport: an answer, a notification, or junk (reported, ignored). */
  take(line: string): string | undefined {
    let message: {
      id?: unknown;
      result?: unknown;
      error?: { code?: unknown; message?: unknown };
      method?: unknown;
      params?: unknown;
    };
    try {
      message = JSON.parse(line);
    } catch {
      return "a line that is not JSON";
    }
    if (typeof message.method === "string") {
      this.onNotification(message.method, message.params);
      return undefined;
    }
    const waiting = typeof message.id === "number" ? this.waiting.get(message.id) : undefined;
    if (!waiting) return "an answer to no request";
    clearTimeout(waiting.timer);
    this.waiting.delete(message.id as number);
    if (message.error) {
      const text = typeof message.error.message === "string" ? message.error.message : "unknown error";
      waiting.reject(
        message.error.code === RATE_LIMITED
          ? new RateLimitedError(5000, "Signal")
          : new PlatformError(`signal-cli refused: ${text.slice(0, 300)}`, false),
      );
    } else waiting.resolve(message.result);
    return undefined;
  }

  /** Fails every open request (the transport is gone). */
  failAll(reason: string): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new PlatformError(`signal-cli connection lost: ${reason}`, true));
      this.waiting.delete(id);
    }
  }
}
