/** readSseBatches: events split across network chunks, CRLF separators, a trailing event. */

import assert from "node:assert/strict";
import { readSseBatches } from "../../../src/providers/shared/read_sse.ts";

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

Deno.test("readSseBatches reassembles events split across chunks and keeps event names", async () => {
  const batches = [];
  for await (
    const batch of readSseBatches(bodyOf(["event: ping\nda", 'ta: {"a":1}\n\ndata: 2\r\n\r\ndata: 3']))
  ) {
    batches.push(batch.map((event) => [event.event, event.data]));
  }
  assert.deepEqual(batches.flat(), [["ping", '{"a":1}'], [undefined, "2"], [undefined, "3"]]);
  assert.deepEqual(batches[0], [], "a chunk with no complete event is an empty batch");
});
