/** Runs a content search in a worker: JavaScript regexes cannot be interrupted, so a search that passes its
 * time limit (catastrophic backtracking) is stopped by terminating the worker. */
import { ToolError } from "../lib/errors.ts";
import type { GrepRequest, GrepResult } from "./grep_search.ts";

/** Loading the worker (a cold start compiles it) is not charged to the search's own time limit. */
const WORKER_START_LIMIT_MS = 30_000;

type WorkerMessage = { type: "ready" } | { type: "done"; ok: boolean; result?: GrepResult; error?: string };

export function runInWorker(
  request: GrepRequest,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<GrepResult> {
  const worker = new Worker(new URL("./grep_worker.ts", import.meta.url), { type: "module" });
  return new Promise<GrepResult>((resolve, reject) => {
    let timer = setTimeout(() => fail("the search worker did not start"), WORKER_START_LIMIT_MS);
    const finish = (action: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      worker.terminate();
      action();
    };
    const fail = (reason: string) =>
      finish(() => reject(new ToolError(`Cannot search for "${request.pattern}": ${reason}`)));
    const onAbort = () => fail("search cancelled");
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === "ready") {
        clearTimeout(timer);
        timer = setTimeout(() => fail(`search took longer than ${timeoutMs} ms`), timeoutMs);
        worker.postMessage(request);
      } else if (message.ok) finish(() => resolve(message.result!));
      else fail(message.error ?? "unknown error");
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message);
    };
  });
}
