/** Splits a streamed HTTP body into server-sent events (OpenAI, Anthropic and Gemini streams). */

import { createParser, type EventSourceMessage } from "eventsource-parser";

/** Yields the events of each network chunk as one batch (often empty), so callers see every arrival. */
export async function* readSseBatches(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage[]> {
  let pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() + "\n\n" : decoder.decode(value, { stream: true }));
      const batch = pending;
      pending = [];
      if (batch.length > 0 || !done) yield batch;
      if (done) return;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
