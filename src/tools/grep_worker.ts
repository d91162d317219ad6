/** Worker side of grep_runner.ts: announces it is loaded, then runs one search and reports it. */
/// <reference lib="deno.worker" />
import { type GrepRequest, searchContent } from "./grep_search.ts";

self.onmessage = async (event: MessageEvent<GrepRequest>) => {
  try {
    self.postMessage({ type: "done", ok: true, result: await searchContent(event.data) });
  } catch (error) {
    self.postMessage({
      type: "done",
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
self.postMessage({ type: "ready" });
