/** Worker entry: verifies one byte range of an audit file for verify_audit.ts. */
/// <reference lib="deno.worker" />
import { verifySegment } from "./_chain_segment.ts";

self.onmessage = async (
  event: MessageEvent<{ path: string; start: number; end: number; keepLast: number }>,
) => {
  const { path, start, end, keepLast } = event.data;
  try {
    self.postMessage({ ok: true, result: await verifySegment(path, start, end, keepLast) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
