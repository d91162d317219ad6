/** Worker that runs grep_files, so a catastrophic regular expression can be stopped by terminating it. */
/// <reference lib="deno.worker" />
import { type GrepRequest, searchContent } from "./grep_search.ts";

self.onmessage = async (event: MessageEvent<GrepRequest>) => {
  try {
    self.postMessage({ ok: true, result: await searchContent(event.data) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
