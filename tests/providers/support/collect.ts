/** Test helpers: drain a model stream, and deps that record retry sleeps instead of waiting. */

import type { ProviderDeps, StreamEvent } from "../../../src/providers/types.ts";

export async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function textOf(events: StreamEvent[]): string {
  return events.map((event) => event.type === "text-delta" ? event.text : "").join("");
}

export interface TestDeps extends ProviderDeps {
  sleeps: number[];
  /** Signals of every fetch made, to check that aborts reach the network layer. */
  signals: (AbortSignal | null | undefined)[];
}

export function testDeps(env: Record<string, string> = {}, overrides: Partial<ProviderDeps> = {}): TestDeps {
  const sleeps: number[] = [];
  const signals: (AbortSignal | null | undefined)[] = [];
  let ids = 0;
  return {
    fetch: (input, init) => {
      signals.push(init?.signal ?? (input instanceof Request ? input.signal : undefined));
      return fetch(input, init);
    },
    env: (name) => env[name],
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    generateId: () => `gen_${++ids}`,
    sleeps,
    signals,
    ...overrides,
  };
}
