/** browser_click and browser_type: act on an element of the open page, then report where the page went. A click
 * or submit that leads to a refused address (a link to 127.0.0.1) is a tool error with the reason. */
import { z } from "zod";
import type { Page } from "playwright-core";
import { type ToolDefinition, type ToolResult } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import {
  asToolError,
  type BrowserToolContext,
  excerptNote,
  pageResult,
  readExcerpt,
  withOpenPage,
} from "./browser_context.ts";
import type { SessionBrowser } from "./browser_pool.ts";
import { cut } from "./page_content.ts";
import { describeRefusedRequests, watchFailures } from "./page_failures.ts";
import { stopLoading } from "./navigation.ts";
import { DeadlineError, withDeadline } from "./deadline.ts";

const selector = z.string().min(1).max(1000).describe(
  'CSS or Playwright selector of the element, e.g. "#search", "button[type=submit]", "text=Next", ' +
    "'role=button[name=\"Send\"]' (the first match is used)",
);
const clickArgs = z.object({ selector });
const typeArgs = z.object({
  selector,
  text: z.string().max(100_000).describe("Text to put into the field (replaces what it holds)"),
  submit: z.boolean().optional().describe("Press Enter afterwards, e.g. to send a search form"),
});

export function clickTool(context: BrowserToolContext): ToolDefinition<z.infer<typeof clickArgs>> {
  return {
    name: "browser_click",
    group: "browser",
    description:
      "Click an element of the page open in the browser (a link, a button), wait for any page it " +
      "opens, and return the start of the page's text.",
    parameters: clickArgs,
    writes: true,
    execute: (args, call) =>
      withOpenPage(
        context,
        call.sessionId,
        (browser) =>
          act(context, browser, `click "${args.selector}"`, async (page, timeout) => {
            await page.locator(args.selector).first().click({ timeout });
          }).then((after) => report(context, after, `Clicked "${args.selector}".`)),
      ),
  };
}

export function typeTool(context: BrowserToolContext): ToolDefinition<z.infer<typeof typeArgs>> {
  return {
    name: "browser_type",
    group: "browser",
    description: "Type text into a field of the page open in the browser (an input, a text area), and " +
      "optionally press Enter to submit it. Whatever is typed is sent to the site.",
    parameters: typeArgs,
    writes: true,
    execute: (args, call) =>
      withOpenPage(context, call.sessionId, async (browser) => {
        const after = await act(context, browser, `type into "${args.selector}"`, async (page, timeout) => {
          const field = page.locator(args.selector).first();
          await field.fill(args.text, { timeout });
          if (args.submit) await field.press("Enter", { timeout });
        });
        const typed = `Typed ${args.text.length} characters into "${args.selector}"`;
        return args.submit ? report(context, after, `${typed} and pressed Enter.`) : {
          output: `${typed}.`,
          isError: false,
        };
      }),
  };
}

/** Runs one action within the navigation timeout, waits for a page it started, refuses a refused destination. */
async function act(
  context: BrowserToolContext,
  browser: SessionBrowser,
  action: string,
  work: (page: Page, timeoutMs: number) => Promise<void>,
): Promise<SessionBrowser> {
  const { page } = browser;
  const timeoutMs = context.limits().navTimeoutMs;
  const watch = watchFailures(page, browser.refusals);
  try {
    await withDeadline(
      work(page, timeoutMs),
      timeoutMs + 5_000,
      `Cannot ${action}: the page stopped answering`,
    );
    await watch.settled(timeoutMs);
    await page.waitForLoadState("domcontentloaded", { timeout: timeoutMs }).catch(() => {});
  } catch (error) {
    watch.stop();
    throw error instanceof DeadlineError ? error : asToolError(error, action);
  }
  const failures = watch.stop();
  // A refused navigation is reported even when the error page has not replaced the old one yet.
  const refused = failures.find((failure) => failure.navigation && failure.refusedBecause);
  const url = page.url();
  if (refused || (!/^https?:/.test(url) && url !== "about:blank")) {
    await stopLoading(page);
    if (refused) {
      throw new ToolError(`Cannot ${action}: it led to "${refused.url}": ${refused.refusedBecause}`);
    }
    const failed = failures.find((failure) => failure.navigation);
    throw new ToolError(
      `Cannot ${action}: the page it led to did not load${failed ? ` (${failed.error})` : ""}`,
    );
  }
  return browser;
}

async function report(
  context: BrowserToolContext,
  browser: SessionBrowser,
  heading: string,
): Promise<ToolResult> {
  const { page } = browser;
  const { title, text } = await readExcerpt(context, page);
  return pageResult({
    heading: `${heading} The page now open:`,
    url: page.url(),
    title,
    content: cut(text, context.maxExcerptChars),
    extra: describeRefusedRequests(browser.refusedRequests.drain()),
    cutNote: excerptNote(context),
  });
}
