/** Time and id sources, injected everywhere so tests are deterministic. */

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function newId(prefix = ""): string {
  return prefix + crypto.randomUUID().replaceAll("-", "").slice(0, 20);
}
