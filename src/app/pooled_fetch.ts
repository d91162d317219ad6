/** The engine's outgoing HTTP (models, Tier 2, channels, probes) on one connection pool that keeps a few idle
 * connections per host for a while: Deno's default pool keeps every connection a burst opened, without limit. */

/** Idle connections kept per host: enough for several sessions streaming from one provider at once. */
export const MAX_IDLE_PER_HOST = 8;
/** An idle connection is closed after this long (providers close theirs after about a minute anyway). */
export const IDLE_TIMEOUT_MS = 30_000;

export interface PooledFetch {
  fetch: typeof fetch;
  /** Closes the pool's connections; later calls use a connection each that is not kept. */
  close(): void;
}

/** 100 turns at once against one model left 100 idle sockets in the default pool (about 5 MB of buffers, never
 * given back); here at most MAX_IDLE_PER_HOST of them stay, and none past IDLE_TIMEOUT_MS. The client is made
 * on the first call, so an engine that never calls out holds no pool. */
export function pooledFetch(
  limits: { maxIdlePerHost?: number; idleTimeoutMs?: number } = {},
): PooledFetch {
  let client: Deno.HttpClient | undefined;
  let closed = false;
  const pooled = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (closed) return fetch(input, init);
    client ??= Deno.createHttpClient({
      poolMaxIdlePerHost: limits.maxIdlePerHost ?? MAX_IDLE_PER_HOST,
      poolIdleTimeout: limits.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    });
    return fetch(input, { ...init, client });
  };
  return {
    fetch: pooled as typeof fetch,
    close() {
      closed = true;
      client?.close();
      client = undefined;
    },
  };
}
