/** browser_navigate: opens a public http(s) URL in the session's browser and shows the start of its text, as data.
 * Refused URLs are refused before a browser starts; every failure counts toward the session's limit. */
import { z } from "zod";
import { SsrfError } from "../../sandbox/ssrf_guard.ts";
import type { ToolDefinition } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import { type BrowserToolContext, excerptNote, hostOf, pageResult, readExcerpt } from "./browser_context.ts";
import { navigate, NavigationError } from "./navigation.ts";
import { cut } from "./page_content.ts";
import { describeRefusedRequests } from "./page_failures.ts";
import type { ConnectionDecider } from "./socks_proxy.ts";

const navigateArgs = z.object({ url: z.string().min(1).describe("http or https URL to open") });
type NavigateArgs = z.infer<typeof navigateArgs>;

export function navigateTool(
  context: BrowserToolContext,
  egress: ConnectionDecider,
): ToolDefinition<NavigateArgs> {
  return {
    name: "browser_navigate",
    group: "browser",
    description:
      "Open a public http(s) web page in a headless browser and return its title and the start of " +
      "its text. Private and local addresses are refused, also after redirects. Use browser_extract, " +
      "browser_click and browser_type on the page afterwards.",
    parameters: navigateArgs,
    writes: false,
    async execute(args, call) {
      const limits = context.limits();
      const disabled = context.failures.refusal(call.sessionId, limits.maxNavFailures);
      if (disabled) throw new ToolError(disabled);
      try {
        await precheck(args.url, egress);
        const result = await context.pool.use(call.sessionId, async (browser) => {
          const opened = await navigate(browser, args.url, limits.navTimeoutMs, call.signal);
          const excerpt = await readExcerpt(context, browser.page);
          return { opened, ...excerpt, refused: browser.refusedRequests.drain() };
        });
        context.failures.succeeded(call.sessionId);
        const { opened, title } = result;
        const page = pageResult({
          heading: `Opened the page${opened.status ? ` (HTTP ${opened.status})` : ""}.`,
          url: opened.url,
          title,
          content: cut(result.text, context.maxExcerptChars),
          extra: describeRefusedRequests(result.refused),
          cutNote: excerptNote(context),
        });
        return { ...page, reads: { hosts: opened.hosts } };
      } catch (error) {
        const count = context.failures.failed(call.sessionId);
        const message =
          error instanceof NavigationError || error instanceof SsrfError || error instanceof ToolError
            ? error.message
            : `Cannot open "${args.url}": ${error instanceof Error ? error.message.split("\n")[0] : error}`;
        throw new ToolError(withFailureCount(message, count, limits.maxNavFailures));
      }
    },
  };
}

/** The URL itself must pass the same rules the proxy applies, so a refused URL never starts a browser. */
async function precheck(rawUrl: string, egress: ConnectionDecider): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ToolError(`Invalid URL "${rawUrl}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolError(`Refused "${rawUrl}": only http and https pages can be opened`);
  }
  if (url.username || url.password) {
    throw new ToolError(`Refused "${rawUrl}": credentials in URLs are not allowed`);
  }
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  try {
    await egress(hostOf(rawUrl), port);
  } catch (error) {
    throw new ToolError(`Cannot open "${rawUrl}": ${error instanceof Error ? error.message : error}`);
  }
}

function withFailureCount(message: string, count: number, limit: number): string {
  if (count >= limit) {
    return `${message}. Browser navigation is now disabled for this session (${count} consecutive failures)`;
  }
  return `${message} (navigation failure ${count} of ${limit} allowed in a row)`;
}
