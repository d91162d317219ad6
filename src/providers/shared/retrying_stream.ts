/** The one place that retries LLM calls: bounded attempts with backoff, only before anything was yielded,
 * with an idle timeout per attempt and abort that stops the upstream request at once. */

import { ProviderError } from "../../lib/errors.ts";
import { boundStream } from "./bound_stream.ts";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "./retry_policy.ts";
import { abortError, toProviderError } from "./upstream_error.ts";

export interface RetryingOptions {
  /** Names the call in error messages, e.g. `openai model "gpt-4o"`. */
  label: string;
  signal?: AbortSignal;
  idleTimeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  policy?: RetryPolicy;
}

/**
 * Runs `open` and yields the items of its batches. `open` yields one batch per upstream chunk (possibly
 * empty) so that any upstream data, not only finished events, resets the idle timer. A failure retries only
 * while no item has been yielded, so streamed text is never duplicated. Abort throws a DOMException
 * named "AbortError".
 */
export async function* retryingStream<T>(
  open: (signal: AbortSignal) => AsyncIterable<T[]>,
  options: RetryingOptions,
): AsyncGenerator<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let attempt = 1;; attempt++) {
    if (options.signal?.aborted) throw abortError();
    const attemptController = new AbortController();
    const signal = options.signal
      ? AbortSignal.any([options.signal, attemptController.signal])
      : attemptController.signal;
    let yielded = false;
    let silent = true;
    let finished = false;
    try {
      const onIdle = () => {
        attemptController.abort();
        const what = silent ? "no response" : "no data";
        return new ProviderError(
          `Call to ${options.label} failed: ${what} for ${seconds(options.idleTimeoutMs)}`,
          true,
        );
      };
      for await (const batch of boundStream(open(signal), { ...options, onIdle })) {
        silent = false;
        for (const item of batch) {
          yielded = true;
          yield item;
        }
      }
      finished = true;
      return;
    } catch (error) {
      if (options.signal?.aborted) throw abortError();
      const failure = toProviderError(options.label, error);
      if (yielded || !failure.retryable || attempt >= policy.maxAttempts) throw failure;
      await sleepUnlessAborted(options.sleep, retryDelayMs(attempt, failure, policy), options.signal);
    } finally {
      // A finished body needs no abort, and aborting builds a DOMException with its stack on every call.
      if (!finished) attemptController.abort();
    }
  }
}

/** A single request/response call with the same retries and timeout (embeddings, model lists). */
export async function callWithRetry<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: RetryingOptions,
): Promise<T> {
  for await (
    const value of retryingStream(async function* (signal) {
      yield [await call(signal)];
    }, options)
  ) {
    return value;
  }
  throw new ProviderError(`Call to ${options.label} failed: no answer`, true);
}

function sleepUnlessAborted(
  sleep: (ms: number) => Promise<void>,
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  if (!signal) return sleep(ms);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms).then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, reject);
  });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
