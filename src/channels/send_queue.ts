/** Outbound platform calls of one adapter: in order per chat, paused for everyone when the platform answers
 * 429 (Retry-After honoured), retried with backoff on network errors and 5xx, and drained before detach. */
import { backoffDelay, sleep } from "./backoff.ts";
import { PlatformError, RateLimitedError } from "./channel_errors.ts";

export interface SendQueueOptions {
  /** Attempts per call for network errors and 5xx (default 5). */
  maxAttempts?: number;
  /** 429 answers tolerated per call before giving up (default 20). */
  maxRateLimited?: number;
  now?: () => number;
  random?: () => number;
  wait?: (ms: number) => Promise<void>;
  onRetry?: (reason: string, delayMs: number) => void;
}

export class SendQueue {
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Until when every call waits, after a 429 (platform-wide flood control). */
  private pausedUntil = 0;
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly options: SendQueueOptions = {}) {
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? ((ms) => sleep(ms));
  }

  /** Runs `call` after every earlier call of the same chat has finished; rejects with its last error. */
  enqueue<T>(chatId: string, call: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(chatId) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(() => this.attempt(call));
    const settled = run.catch(() => {});
    this.chains.set(chatId, settled);
    this.pending.add(settled);
    void settled.then(() => {
      this.pending.delete(settled);
      if (this.chains.get(chatId) === settled) this.chains.delete(chatId);
    });
    return run;
  }

  /** Calls queued or running now. */
  get size(): number {
    return this.pending.size;
  }

  /** Resolves true once everything queued so far has finished, false when `timeoutMs` passed first. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), timeoutMs));
    const done = (async () => {
      while (this.pending.size > 0) await Promise.all([...this.pending]);
      return true;
    })();
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt<T>(call: () => Promise<T>): Promise<T> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const maxRateLimited = this.options.maxRateLimited ?? 20;
    let failures = 0;
    let limited = 0;
    while (true) {
      const pause = this.pausedUntil - this.now();
      if (pause > 0) await this.wait(pause);
      try {
        return await call();
      } catch (error) {
        if (error instanceof RateLimitedError && ++limited <= maxRateLimited) {
          this.pausedUntil = Math.max(this.pausedUntil, this.now() + error.retryAfterMs);
          this.options.onRetry?.(error.message, error.retryAfterMs);
          continue;
        }
        const retryable = error instanceof PlatformError ? error.retryable : error instanceof TypeError;
        if (!retryable || ++failures >= maxAttempts) throw error;
        const delay = backoffDelay(failures - 1, { random: this.options.random });
        this.options.onRetry?.((error as Error).message, delay);
        await this.wait(delay);
      }
    }
  }
}
