/** Opens a URL in a session's page within the navigation timeout, and turns every way it can fail (refused by the
 * egress rules, directly or after a redirect; timed out; a download; a network error) into one clear message. */
import type { Page, Response } from "playwright-core";
import type { SessionBrowser } from "./browser_pool.ts";
import { type FailedRequest, watchFailures } from "./page_failures.ts";
import { withDeadline } from "./deadline.ts";

const LOAD_GRACE_MS = 3_000;

export interface NavigationResult {
  /** The URL finally shown, after redirects. */
  url: string;
  status: number | undefined;
  /** Hosts the page came from: the one asked for and every redirect's. */
  hosts: string[];
}

/** A navigation that did not happen; `message` is the tool error. */
export class NavigationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NavigationError";
  }
}

export async function navigate(
  browser: SessionBrowser,
  url: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<NavigationResult> {
  const { page } = browser;
  browser.refusedRequests.drain(); // what the previous page tried is no news about this one
  const watch = watchFailures(page, browser.refusals);
  let response: Response | null;
  try {
    response = await goOnceMore(page, url, timeoutMs, signal);
    // Scripts usually fill the page by the load event; a page whose images never finish is still usable.
    await page.waitForLoadState("load", { timeout: Math.min(LOAD_GRACE_MS, timeoutMs) }).catch(() => {});
  } catch (error) {
    const failures = watch.stop();
    await stopLoading(page);
    throw new NavigationError(explain(url, error, failures, timeoutMs, signal));
  }
  watch.stop();
  const finalUrl = page.url();
  if (!/^https?:/.test(finalUrl)) {
    await stopLoading(page);
    throw new NavigationError(
      `Cannot open "${url}": it ended on "${finalUrl}", which is not an http(s) page`,
    );
  }
  return { url: finalUrl, status: response?.status(), hosts: hostsOf(url, response) };
}

function explain(
  url: string,
  error: unknown,
  failures: FailedRequest[],
  timeoutMs: number,
  signal: AbortSignal,
): string {
  if (signal.aborted) return `Navigation to "${url}" was cancelled`;
  const text = error instanceof Error ? error.message : String(error);
  const refused = failures.find((failure) => failure.navigation && failure.refusedBecause);
  if (refused) {
    const where = refused.url === url ? "" : ` (redirected to "${refused.url}")`;
    return `Cannot open "${url}"${where}: ${refused.refusedBecause}`;
  }
  if (/Timeout|timeout/.test(error instanceof Error ? `${error.name} ${text}` : text)) {
    return `Navigation to "${url}" timed out after ${Math.round(timeoutMs / 1000)} s ` +
      "(agents.browser_nav_timeout_seconds)";
  }
  if (/Download is starting/i.test(text)) {
    return `Cannot open "${url}": it is a download, and downloads are off`;
  }
  const network = text.match(/net::[A-Z_]+/)?.[0];
  return `Cannot open "${url}": ${network ?? text.split("\n")[0]}`;
}

/** page.goto, tried a second time when Chromium's own error page for the previous failure (committed just after
 * that failure was reported) interrupted it. */
async function goOnceMore(page: Page, url: string, timeoutMs: number, signal: AbortSignal) {
  for (let attempt = 1;; attempt++) {
    try {
      const loading = page.goto(url, { timeout: timeoutMs, waitUntil: "domcontentloaded" });
      return await withDeadline(cancellable(loading, signal), timeoutMs + 5_000, "timeout");
    } catch (error) {
      const interrupted = /interrupted by another navigation/.test(
        error instanceof Error ? error.message : "",
      );
      if (attempt >= 2 || !interrupted || signal.aborted) throw error;
    }
  }
}

/** Stops whatever the page is still loading (a timed-out navigation would otherwise land later), without
 * starting a navigation of its own that could race the next one. */
export async function stopLoading(page: Page): Promise<void> {
  try {
    const session = await page.context().newCDPSession(page);
    await withDeadline(session.send("Page.stopLoading"), 5_000, "stop").catch(() => {});
    await session.detach().catch(() => {});
  } catch {
    // the page is gone: nothing loads
  }
}

function hostsOf(url: string, response: Response | null): string[] {
  const hosts = new Set<string>();
  const add = (value: string) => {
    try {
      hosts.add(new URL(value).hostname.replace(/^\[|\]$/g, ""));
    } catch {
      // not a URL: nothing was read from it
    }
  };
  add(url);
  for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
    add(request.url());
  }
  return [...hosts];
}

function cancellable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("cancelled"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("cancelled"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
