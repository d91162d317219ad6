/** Reads what a page shows: its visible text, its accessibility tree or its links, each cut to a size. Runs in
 * the page, so every read has a deadline (a hostile page can keep its main thread busy forever). */
import type { Page } from "playwright-core";
import { withDeadline } from "./deadline.ts";
import { elementText, linksBelow } from "./in_page.ts";

export type ExtractMode = "text" | "accessibility" | "links";

export interface ExtractLimits {
  /** Characters returned at most. */
  maxChars: number;
  /** Links listed at most. */
  maxLinks: number;
  timeoutMs: number;
}

export interface Extracted {
  text: string;
  /** Characters (or links) left out. */
  omitted: number;
}

export async function extractContent(
  page: Page,
  mode: ExtractMode,
  selector: string | undefined,
  limits: ExtractLimits,
): Promise<Extracted> {
  if (mode === "links") return await extractLinks(page, selector, limits);
  const read = mode === "text"
    ? readText(page, selector, limits)
    : page.locator(selector ?? "body").first().ariaSnapshot({ timeout: limits.timeoutMs });
  const text = await withDeadline(
    read,
    limits.timeoutMs,
    `Reading the page took longer than ${limits.timeoutMs} ms`,
  );
  return cut(text, limits.maxChars);
}

async function readText(page: Page, selector: string | undefined, limits: ExtractLimits): Promise<string> {
  const locator = page.locator(selector ?? "body").first();
  await locator.waitFor({ state: "attached", timeout: limits.timeoutMs });
  // Read one character past the cap inside the page, so a huge page is never copied out whole.
  return await locator.evaluate(elementText, limits.maxChars * 4);
}

async function extractLinks(
  page: Page,
  selector: string | undefined,
  limits: ExtractLimits,
): Promise<Extracted> {
  const scope = selector ?? "body";
  const found = await withDeadline(
    page.locator(scope).first().evaluate(linksBelow, limits.maxLinks),
    limits.timeoutMs,
    `Reading the links took longer than ${limits.timeoutMs} ms`,
  );
  const lines = found.links.map((link) => `- ${link.text || "(no text)"} → ${link.href}`);
  const listed = cut(lines.join("\n"), limits.maxChars);
  return { text: listed.text, omitted: found.total - found.links.length + (listed.omitted > 0 ? 1 : 0) };
}

/** Text normalised (runs of blank lines folded) and cut to `maxChars`. */
export function cut(text: string, maxChars: number): Extracted {
  const folded = text.replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
  if (folded.length <= maxChars) return { text: folded, omitted: 0 };
  return { text: folded.slice(0, maxChars), omitted: folded.length - maxChars };
}
