/** How often and how long to wait before calling an LLM provider again after a retryable failure. */

import type { ProviderError } from "../../lib/errors.ts";
import { UpstreamError } from "./upstream_error.ts";

export interface RetryPolicy {
  /** Total attempts, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  /** Upper bound of any wait, Retry-After included, so a turn never stalls for minutes. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 20_000 };

/** Delay after the `attempt`-th failure (1-based): the server's Retry-After, else exponential backoff. */
export function retryDelayMs(attempt: number, error: ProviderError, policy: RetryPolicy): number {
  const hinted = error instanceof UpstreamError ? error.retryAfterMs : undefined;
  const delay = hinted ?? policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(delay, policy.maxDelayMs);
}
