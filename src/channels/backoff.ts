/** Reconnect delays: exponential with "equal jitter", so many clients dropped at once do not return at once. */

export interface BackoffOptions {
  /** First delay (default 500 ms). */
  baseMs?: number;
  /** Ceiling (default 30 s). */
  maxMs?: number;
  /** Injected randomness in [0, 1) (tests). */
  random?: () => number;
}

/** Delay before reconnect attempt `attempt` (0 = first retry): half fixed, half random, capped. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 500;
  const max = options.maxMs ?? 30_000;
  const random = options.random ?? Math.random;
  const ceiling = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
