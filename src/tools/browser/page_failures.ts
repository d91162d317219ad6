/** Watches what a page failed to load during one action, and explains each failure the proxy caused with the
 * proxy's reason (a redirect to 127.0.0.1, a script fetching a private address). */
import type { Page, Request } from "playwright-core";
import type { Refusal } from "./browser_pool.ts";

export interface FailedRequest {
  url: string;
  /** The main frame's navigation (or a redirect of it), as opposed to a sub-request of the page. */
  navigation: boolean;
  /** Chromium's error text, e.g. "net::ERR_SOCKS_CONNECTION_FAILED". */
  error: string;
  /** Why the proxy refused it, when it did. */
  refusedBecause?: string;
}

export interface FailureWatch {
  /** Waits (at most `timeoutMs`) until no navigation of the main frame started during the watch is in flight: a
   * click's navigation may fail after the click itself has returned. */
  settled(timeoutMs: number): Promise<void>;
  /** Stops watching and returns the failures seen, oldest first. */
  stop(): FailedRequest[];
}

export function watchFailures(page: Page, refusals: Refusal[]): FailureWatch {
  const failures: FailedRequest[] = [];
  const inFlight = new Set<Request>();
  let onIdle: (() => void) | undefined;
  const isMainNavigation = (request: Request) =>
    request.isNavigationRequest() && request.frame() === page.mainFrame();
  const done = (request: Request) => {
    if (inFlight.delete(request) && inFlight.size === 0) onIdle?.();
  };
  const onRequest = (request: Request) => {
    if (isMainNavigation(request)) inFlight.add(request);
  };
  const onFailed = (request: Request) => {
    const url = request.url();
    const error = request.failure()?.errorText ?? "failed";
    failures.push({
      url,
      navigation: isMainNavigation(request),
      error,
      refusedBecause: /SOCKS|PROXY|TUNNEL/i.test(error) ? refusalFor(url, refusals) : undefined,
    });
    done(request);
  };
  page.on("request", onRequest);
  page.on("requestfinished", done);
  page.on("requestfailed", onFailed);
  return {
    async settled(timeoutMs) {
      if (inFlight.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        onIdle = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
      clearTimeout(timer);
      onIdle = undefined;
    },
    stop() {
      page.off("request", onRequest);
      page.off("requestfinished", done);
      page.off("requestfailed", onFailed);
      return failures;
    },
  };
}

/** Sub-requests of the page refused by the proxy (a script's fetch, an image), kept until an answer reports them:
 * they may fail after the action that caused them has returned. */
export interface RefusedRequestLog {
  /** The refused sub-requests not reported yet, oldest first (at most 20 kept). */
  drain(): FailedRequest[];
}

export function logRefusedRequests(page: Page, refusals: Refusal[]): RefusedRequestLog {
  let pending: FailedRequest[] = [];
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "failed";
    if (!/SOCKS|PROXY|TUNNEL/i.test(error)) return;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
    const url = request.url();
    pending.push({ url, navigation: false, error, refusedBecause: refusalFor(url, refusals) ?? "refused" });
    if (pending.length > 20) pending.shift();
  });
  return {
    drain() {
      const drained = pending;
      pending = [];
      return drained;
    },
  };
}

/** The newest refusal for the URL's host and port. */
export function refusalFor(url: string, refusals: Refusal[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = Number(parsed.port || (parsed.protocol === "https:" || parsed.protocol === "wss:" ? 443 : 80));
  for (let index = refusals.length - 1; index >= 0; index--) {
    const refusal = refusals[index];
    if (refusal.port === port && normalise(refusal.host) === host) return refusal.reason;
  }
  return undefined;
}

function normalise(host: string): string {
  return host.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/** One line per refused sub-request, for the tool's output (at most five, then a count). */
export function describeRefusedRequests(refused: FailedRequest[]): string | undefined {
  if (refused.length === 0) return undefined;
  const lines = refused.slice(0, 5).map((failure) => `- ${failure.url}: ${failure.refusedBecause}`);
  if (refused.length > 5) lines.push(`- and ${refused.length - 5} more`);
  return `The page tried connections that were refused:\n${lines.join("\n")}`;
}
