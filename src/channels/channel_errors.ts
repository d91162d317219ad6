/** Errors adapters throw so the manager's send queue knows whether, and when, to try again. */

/** The platform said "too many requests": wait `retryAfterMs`, then try the same call again. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number, platform: string) {
    super(`${platform} rate limit: retry after ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = "RateLimitedError";
  }
}

/** A failed platform call; `retryable` for network errors and 5xx, false for refusals (4xx). */
export class PlatformError extends Error {
  constructor(message: string, readonly retryable: boolean, readonly status?: number) {
    super(message);
    this.name = "PlatformError";
  }
}

/** The adapter cannot run as configured (missing secret, unsupported system); the engine keeps running. */
export class ChannelStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChannelStartError";
  }
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), in ms; undefined when absent or bad. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** A platform asking for more than this is treated as asking for this (a stuck reply helps no one). */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
