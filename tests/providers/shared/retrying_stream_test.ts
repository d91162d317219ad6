/** retryingStream / callWithRetry: retries only before the first item, backoff, idle timeout, abort. */

import assert from "node:assert/strict";
import { ProviderError } from "../../../src/lib/errors.ts";
import { callWithRetry, retryingStream } from "../../../src/providers/shared/retrying_stream.ts";
import { UpstreamError } from "../../../src/providers/shared/upstream_error.ts";

function options(sleeps: number[], extra: { signal?: AbortSignal; idleTimeoutMs?: number } = {}) {
  return {
    label: 'test model "m"',
    idleTimeoutMs: extra.idleTimeoutMs ?? 1000,
    signal: extra.signal,
    sleep: (ms: number) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  };
}

/** A source whose first read runs `fail` (which throws or returns the error to reject with). */
function failing(fail: () => unknown): AsyncIterable<number[]> {
  return (async function* () {
    yield await Promise.reject(fail());
  })();
}

async function drain<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

Deno.test("retryingStream retries retryable failures before any item with exponential backoff", async () => {
  const sleeps: number[] = [];
  let attempts = 0;
  const items = await drain(retryingStream(async function* () {
    attempts++;
    if (attempts < 3) throw new ProviderError("busy", true);
    yield [1, 2];
    yield [];
    yield [3];
  }, options(sleeps)));
  assert.deepEqual(items, [1, 2, 3]);
  assert.equal(attempts, 3);
  assert.deepEqual(sleeps, [500, 1000]);
});

Deno.test("retryingStream gives up after three attempts with the last error", async () => {
  const sleeps: number[] = [];
  let attempts = 0;
  const failure = await drain(
    retryingStream(() => failing(() => new ProviderError(`busy ${++attempts}`, true)), options(sleeps)),
  )
    .catch((e) => e);
  assert.equal(failure.message, "busy 3");
  assert.equal(attempts, 3);
});

Deno.test("retryingStream honours Retry-After within the cap", async () => {
  const sleeps: number[] = [];
  let attempts = 0;
  await drain(retryingStream(async function* () {
    attempts++;
    if (attempts === 1) throw new UpstreamError("limited", true, 429, 3000);
    if (attempts === 2) throw new UpstreamError("limited", true, 429, 3_600_000);
    yield [1];
  }, options(sleeps)));
  assert.deepEqual(sleeps, [3000, 20_000]);
});

Deno.test("retryingStream never retries once an item was yielded", async () => {
  let attempts = 0;
  const seen: number[] = [];
  const failure = await (async () => {
    for await (
      const item of retryingStream(async function* () {
        attempts++;
        yield [1];
        throw new ProviderError("dropped", true);
      }, options([]))
    ) seen.push(item);
  })().catch((e) => e);
  assert.ok(failure instanceof ProviderError);
  assert.deepEqual(seen, [1]);
  assert.equal(attempts, 1);
});

Deno.test("retryingStream does not retry non-retryable errors and classifies unknown throws", async () => {
  let attempts = 0;
  const refused = () =>
    failing(() => (attempts++, new TypeError("error sending request: connection refused")));
  const failure = await drain(retryingStream(refused, options([]))).catch((e) => e);
  assert.ok(failure instanceof ProviderError);
  assert.equal(failure.retryable, true, "network errors are retryable");
  assert.equal(attempts, 3);

  attempts = 0;
  const garbled = () => failing(() => (attempts++, JSON.parse("{oops")));
  const invalid = await drain(retryingStream(garbled, options([]))).catch((e) => e);
  assert.ok(invalid instanceof ProviderError);
  assert.equal(invalid.retryable, false);
  assert.match(invalid.message, /invalid response/);
  assert.equal(attempts, 1);
});

Deno.test("retryingStream fails a silent attempt and aborts its signal", async () => {
  const signals: AbortSignal[] = [];
  const failure = await drain(retryingStream((signal) => {
    signals.push(signal);
    return (async function* () {
      yield await new Promise<number[]>((resolve) => signal.addEventListener("abort", () => resolve([])));
    })();
  }, options([], { idleTimeoutMs: 10 }))).catch((e) => e);
  assert.ok(failure instanceof ProviderError);
  assert.equal(failure.retryable, true);
  assert.equal(failure.message, 'Call to test model "m" failed: no response for 10 ms');
  assert.equal(signals.length, 3);
  assert.ok(signals.every((signal) => signal.aborted));
});

Deno.test("retryingStream abort ends at once with AbortError even if the source ignores the signal", async () => {
  const controller = new AbortController();
  const pending = drain(retryingStream(async function* (): AsyncGenerator<number[]> {
    yield [1];
    await new Promise(() => {});
  }, options([], { signal: controller.signal })));
  setTimeout(() => controller.abort(), 5);
  const failure = await pending.catch((e) => e);
  assert.ok(failure instanceof DOMException);
  assert.equal(failure.name, "AbortError");
});

Deno.test("retryingStream abort during the backoff sleep ends with AbortError", async () => {
  const controller = new AbortController();
  const failure = await drain(retryingStream(() => failing(() => new ProviderError("busy", true)), {
    ...options([], { signal: controller.signal }),
    sleep: () => {
      controller.abort();
      return new Promise<void>(() => {});
    },
  })).catch((e) => e);
  assert.equal(failure.name, "AbortError");
});

Deno.test("callWithRetry returns the value of the first successful attempt", async () => {
  let attempts = 0;
  const value = await callWithRetry(() => {
    attempts++;
    if (attempts === 1) return Promise.reject(new ProviderError("busy", true));
    return Promise.resolve("done");
  }, options([]));
  assert.equal(value, "done");
  assert.equal(attempts, 2);
});

Deno.test("retryingStream aborts the upstream request when the consumer stops early, and not after a finished body", async () => {
  const signals: AbortSignal[] = [];
  const source = (signal: AbortSignal) => {
    signals.push(signal);
    return (async function* () {
      yield [1, 2];
      yield [3];
    })();
  };
  for await (const item of retryingStream(source, options([]))) {
    assert.equal(item, 1);
    break;
  }
  assert.equal(signals.length, 1);
  assert.equal(signals[0].aborted, true);
  assert.deepEqual(await drain(retryingStream(source, options([]))), [1, 2, 3]);
  assert.equal(signals.length, 2);
  assert.equal(signals[1].aborted, false);
});
