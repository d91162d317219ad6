/** Counts events per key over a sliding time window: login attempts, Tier 3 prompts per session and in all. */

export interface SlidingWindowOptions {
  /** Length of the window in milliseconds; an event older than this no longer counts. */
  windowMs: number;
  /** The clock, in milliseconds (injected so tests need no real time). */
  now: () => number;
  /** Keys tracked at most; past it, keys with no event left in the window are dropped, then the oldest. */
  maxKeys?: number;
}

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private readonly maxKeys: number;

  constructor(private readonly options: SlidingWindowOptions) {
    if (!(options.windowMs > 0)) throw new RangeError(`Window must be positive: got "${options.windowMs}"`);
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** Events recorded for `key` within the window. */
  count(key = ""): number {
    return this.recent(key, this.options.now()).length;
  }

  /** Records one event for `key`. */
  record(key = ""): void {
    const now = this.options.now();
    const times = this.recent(key, now);
    times.push(now);
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) this.forgetIdle(now);
  }

  /** Records one event unless `key` already has `limit` in the window; false when it has. */
  take(key: string, limit: number): boolean {
    if (this.count(key) >= limit) return false;
    this.record(key);
    return true;
  }

  private recent(key: string, now: number): number[] {
    const times = this.hits.get(key);
    if (!times) return [];
    let stale = 0;
    while (stale < times.length && now - times[stale] >= this.options.windowMs) stale++;
    if (stale > 0) times.splice(0, stale);
    if (times.length === 0) this.hits.delete(key);
    return times;
  }

  private forgetIdle(now: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value as string);
  }
}
