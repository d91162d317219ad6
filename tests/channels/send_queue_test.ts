/** The send queue: order per chat, a 429 pauses every chat for Retry-After, network errors retried with backoff,
 * refusals not retried, drain waits for what is queued. */
import { assert, assertEquals, assertRejects } from "../support/assert.ts";
import { SendQueue } from "../../src/channels/send_queue.ts";
import { PlatformError, RateLimitedError, retryAfterMs } from "../../src/channels/channel_errors.ts";
import { backoffDelay } from "../../src/channels/backoff.ts";

function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    waits,
    wait: (ms: number) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

Deno.test("send queue: a 429 pauses every chat for its Retry-After, then the calls go through in order", async () => {
  const time = fakeTime();
  const queue = new SendQueue({ now: time.now, wait: time.wait, random: () => 0 });
  const done: string[] = [];
  let limited = 1;
  const call = (name: string) => () => {
    if (name === "a1" && limited-- > 0) return Promise.reject(new RateLimitedError(3000, "Test"));
    done.push(`${name}@${time.now()}`);
    return Promise.resolve(name);
  };
  const results = await Promise.all([
    queue.enqueue("a", call("a1")),
    queue.enqueue("a", call("a2")),
    queue.enqueue("b", call("b1")),
  ]);
  assertEquals(results, ["a1", "a2", "b1"]);
  assertEquals(done.filter((item) => item.startsWith("a")), ["a1@3000", "a2@3000"]);
  assert(time.waits.includes(3000));
});

Deno.test("send queue: network errors are retried with backoff, refusals are not", async () => {
  const time = fakeTime();
  const queue = new SendQueue({ now: time.now, wait: time.wait, random: () => 0, maxAttempts: 3 });
  let attempts = 0;
  await assertRejects(() =>
    queue.enqueue("a", () => {
      attempts++;
      return Promise.reject(new PlatformError("down", true));
    }), PlatformError);
  assertEquals(attempts, 3);
  assertEquals(time.waits, [250, 500]);
  attempts = 0;
  await assertRejects(() =>
    queue.enqueue("a", () => {
      attempts++;
      return Promise.reject(new PlatformError("forbidden", false, 403));
    }), PlatformError);
  assertEquals(attempts, 1);
  assertEquals(await queue.enqueue("a", () => Promise.resolve("after")), "after");
});

Deno.test("send queue: drain waits for queued calls, and gives up at its timeout", async () => {
  const queue = new SendQueue();
  let finished = false;
  void queue.enqueue("a", () => new Promise((resolve) => setTimeout(() => resolve(finished = true), 50)));
  assertEquals(await queue.drain(2000), true);
  assert(finished);
  let release!: () => void;
  void queue.enqueue("a", () => new Promise<void>((resolve) => release = resolve));
  assertEquals(await queue.drain(20), false);
  release();
  assertEquals(await queue.drain(2000), true);
});

Deno.test("backoff and Retry-After: jitter within bounds, capped; seconds and dates parsed", () => {
  assertEquals(backoffDelay(0, { random: () => 0 }), 250);
  assertEquals(backoffDelay(0, { random: () => 0.999999 }), 500);
  assertEquals(backoffDelay(50, { random: () => 0 }), 15_000);
  assertEquals(retryAfterMs("2", 0), 2000);
  assertEquals(retryAfterMs(new Date(10_000).toUTCString(), 4000), 6000);
  assertEquals(retryAfterMs("soon", 0), undefined);
  assertEquals(retryAfterMs("999999", 0), 300_000);
});
