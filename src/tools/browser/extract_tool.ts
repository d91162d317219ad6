/** browser_extract: the open page's text, accessibility tree or links (all of it or one element's), as data. */
import { z } from "zod";
import type { ToolDefinition } from "../types.ts";
import { asToolError, type BrowserToolContext, pageResult, withOpenPage } from "./browser_context.ts";
import { extractContent } from "./page_content.ts";
import { describeRefusedRequests } from "./page_failures.ts";
import { DeadlineError } from "./deadline.ts";

const extractArgs = z.object({
  mode: z.enum(["text", "accessibility", "links"]).optional().describe(
    "text: the visible text (default); accessibility: the page's accessibility tree (roles, names, states), " +
      "good for finding what to click; links: each link's text and URL",
  ),
  selector: z.string().min(1).max(1000).optional().describe(
    'Limit to the first element matching this CSS or Playwright selector (e.g. "main", "text=Prices")',
  ),
});
type ExtractArgs = z.infer<typeof extractArgs>;

export function extractTool(context: BrowserToolContext): ToolDefinition<ExtractArgs> {
  return {
    name: "browser_extract",
    group: "browser",
    description:
      "Read the page open in the browser: its text, its accessibility tree or its links, optionally " +
      `of one element. At most ${context.maxTextChars} characters are returned.`,
    parameters: extractArgs,
    writes: false,
    async execute(args, call) {
      const mode = args.mode ?? "text";
      return await withOpenPage(context, call.sessionId, async (browser) => {
        const timeoutMs = context.limits().navTimeoutMs;
        const limits = { maxChars: context.maxTextChars, maxLinks: context.maxLinks, timeoutMs };
        const content = await extractContent(browser.page, mode, args.selector, limits).catch((error) => {
          throw error instanceof DeadlineError ? error : asToolError(error, `read ${describe(args)}`);
        });
        const url = browser.page.url();
        return pageResult({
          heading:
            `${mode === "links" ? "Links" : mode === "accessibility" ? "Accessibility tree" : "Text"} of ` +
            `${args.selector ? `"${args.selector}" on ` : ""}the open page.`,
          url,
          title: content.title,
          content,
          extra: describeRefusedRequests(browser.refusedRequests.drain()),
          cutNote: mode === "links"
            ? `[More links are not shown: give a selector to list a part of the page]`
            : `[Cut at ${context.maxTextChars} characters: give a selector to read a part of the page]`,
        });
      });
    },
  };
}

function describe(args: ExtractArgs): string {
  return args.selector ? `"${args.selector}"` : "the page";
}
