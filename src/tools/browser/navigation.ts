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
    const loading = page.goto(url, { timeout: timeoutMs, waitUntil: "domcontentloaded" });
    response = await withDeadline(cancellable(loading, signal), timeoutMs + 5_000, "timeout");
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

/** Leaves the page blank, so a half-loaded or refused page does not linger for the next action. */
async function stopLoading(page: Page): Promise<void> {
  await withDeadline(page.goto("about:blank", { timeout: 5_000 }), 6_000, "blank").catch(() => {});
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
