/** Iterates a source but gives up when it stays silent too long or when the caller aborts. */

import { abortError } from "./upstream_error.ts";

export interface BoundOptions {
  /** Longest wait for the next item, the first one included (so it also bounds the wait for headers). */
  idleTimeoutMs: number;
  /** Builds the error thrown on silence; it should also abort the underlying request. */
  onIdle: () => Error;
  signal?: AbortSignal;
}

export async function* boundStream<T>(source: AsyncIterable<T>, options: BoundOptions): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      const result = await nextWithin(iterator, options);
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    // Not awaited: a source stuck in a read only settles once its request is aborted.
    if (!finished) iterator.return?.().catch(() => {});
  }
}

function nextWithin<T>(iterator: AsyncIterator<T>, options: BoundOptions): Promise<IteratorResult<T>> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const onAbort = () => settle(() => reject(abortError()));
    const timer = setTimeout(() => settle(() => reject(options.onIdle())), options.idleTimeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    let settled = false;
    function settle(action: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      action();
    }
    iterator.next().then(
      (result) => settle(() => resolve(result)),
      (error) => settle(() => reject(error)),
    );
  });
}
