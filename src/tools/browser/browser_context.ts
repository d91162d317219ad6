/** What every browser tool shares: the session browsers, the failure counts, the limits read from config at each
 * call, and the helpers that turn page content into the model's (untrusted, capped) view of it. */
import type { Page } from "playwright-core";
import type { BrowserPool, SessionBrowser } from "./browser_pool.ts";
import type { NavigationFailures } from "./navigation_failures.ts";
import type { Extracted } from "./page_content.ts";
import { untrustedBlock } from "../untrusted_text.ts";
import type { ToolResult } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import { DeadlineError, withDeadline } from "./deadline.ts";
import { bodyText, type TitledText } from "./in_page.ts";

export interface BrowserLimits {
  /** agents.browser_nav_timeout_seconds, in ms; also bounds clicks, typing and reads. */
  navTimeoutMs: number;
  /** agents.browser_idle_minutes, in ms. */
  idleMs: number;
  /** agents.max_consecutive_nav_failures. */
  maxNavFailures: number;
}

export interface BrowserToolContext {
  pool: BrowserPool;
  failures: NavigationFailures;
  limits: () => BrowserLimits;
  /** Characters of page text browser_extract returns at most. */
  maxTextChars: number;
  /** Characters of page text browser_navigate, browser_click and browser_type show. */
  maxExcerptChars: number;
  maxLinks: number;
}

/** Runs `work` on the session's open page; refuses when the session has no browser or no page open. */
export async function withOpenPage<T>(
  context: BrowserToolContext,
  sessionId: string,
  work: (browser: SessionBrowser) => Promise<T>,
): Promise<T> {
  if (!context.pool.running().includes(sessionId)) throw noPage();
  return await context.pool.use(sessionId, async (browser) => {
    if (!/^https?:/.test(browser.page.url())) throw noPage();
    try {
      return await work(browser);
    } catch (error) {
      // A page past its deadline may be spinning forever: its browser is replaced before the next call.
      if (error instanceof DeadlineError) {
        void context.pool.close(sessionId, "broken");
        throw new ToolError(`${error.message}; the browser was restarted, open the page again`);
      }
      throw error;
    }
  });
}

function noPage(): ToolError {
  return new ToolError(
    "No page is open in this session's browser: call browser_navigate first (an idle browser is shut down)",
  );
}

/** The standard answer for page content: engine text outside, everything the page controls (its address after
 * redirects, its title and text) inside the boundary; the page's host reported so the session's taint rises. */
export function pageResult(input: {
  heading: string;
  url: string;
  title?: string;
  content: Extracted;
  extra?: string;
  cutNote: string;
}): ToolResult {
  const headers: [string, string][] = [["URL", input.url]];
  if (input.title !== undefined) headers.push(["Title", input.title]);
  const body = [input.content.text === "" ? "(no text)" : input.content.text];
  if (input.extra) body.push(input.extra);
  const text = body.join("\n\n");
  // Already cut to the tool's limit: the block only cleans and fences it.
  const block = untrustedBlock({ source: "web page", headers, body: text }, { maxBodyChars: text.length });
  const lines = [input.heading, block];
  if (input.content.omitted > 0) lines.push(input.cutNote);
  return { output: lines.join("\n"), isError: false, reads: { hosts: [hostOf(input.url)] } };
}

/** The page's title and the start of its text, read within a deadline (empty when the page does not answer). */
export async function readExcerpt(context: BrowserToolContext, page: Page): Promise<TitledText> {
  const timeoutMs = context.limits().navTimeoutMs;
  return await withDeadline(page.evaluate(bodyText, context.maxExcerptChars * 4), timeoutMs, "text")
    .catch(() => ({ title: "", text: "" }));
}

export function excerptNote(context: BrowserToolContext): string {
  return `[Only the first ${context.maxExcerptChars} characters are shown: browser_extract reads more]`;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return url;
  }
}

export function asToolError(error: unknown, action: string): ToolError {
  if (error instanceof ToolError) return error;
  const text = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return new ToolError(`Cannot ${action}: ${text.replace(/^[a-zA-Z.]+: /, "")}`);
}
