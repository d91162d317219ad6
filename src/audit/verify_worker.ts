/** Worker entry: verifies one byte range of an audit file for verify_audit.ts. */
/// <reference lib="deno.worker" />
import { type SegmentOptions, verifySegment } from "./_chain_segment.ts";

self.onmessage = async (
  event: MessageEvent<{ path: string; start: number; end: number; options: SegmentOptions }>,
) => {
  const { path, start, end, options } = event.data;
  try {
    self.postMessage({ ok: true, result: await verifySegment(path, start, end, options) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
