import assert from "node:assert/strict";
import { SlidingWindow } from "../../src/lib/sliding_window.ts";

function windowAt(start = 1_000_000, maxKeys?: number) {
  const clock = { now: start };
  const window = new SlidingWindow({ windowMs: 60_000, now: () => clock.now, maxKeys });
  return { clock, window };
}

Deno.test("SlidingWindow.take admits up to the limit per key, then refuses without counting", () => {
  const { window } = windowAt();
  for (let i = 0; i < 5; i++) assert.ok(window.take("client-a", 5));
  assert.equal(window.take("client-a", 5), false);
  assert.equal(window.count("client-a"), 5);
  assert.ok(window.take("client-b", 5), "another key has its own window");
});

Deno.test("SlidingWindow forgets an event exactly one window after it", () => {
  const { clock, window } = windowAt();
  window.record("s");
  clock.now += 30_000;
  window.record("s");
  clock.now += 29_999;
  assert.equal(window.count("s"), 2);
  clock.now += 1;
  assert.equal(window.count("s"), 1, "the first event is 60 s old: out of the window");
  clock.now += 30_000;
  assert.equal(window.count("s"), 0);
});

Deno.test("SlidingWindow keeps at most maxKeys keys, dropping idle ones first", () => {
  const { clock, window } = windowAt(0, 2);
  window.record("old");
  clock.now += 60_000;
  window.record("a");
  window.record("b");
  assert.equal(window.count("old"), 0);
  window.record("c");
  assert.equal(window.count("a") + window.count("b") + window.count("c"), 2, "one active key made room");
});

Deno.test("SlidingWindow refuses a window that is not positive", () => {
  assert.throws(() => new SlidingWindow({ windowMs: 0, now: () => 0 }), /Window must be positive: got "0"/);
});
