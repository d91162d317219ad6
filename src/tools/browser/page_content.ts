/** Reads what a page shows: its visible text, its accessibility tree or its links, each cut to a size. Runs in
 * the page, so every read has a deadline (a hostile page can keep its main thread busy forever). */
import type { Page } from "playwright-core";
import { withDeadline } from "./deadline.ts";
import { bodyText, elementText, linksBelow } from "./in_page.ts";

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
  /** Characters (or links) left out; 0 when nothing was. */
  omitted: number;
}

export async function extractContent(
  page: Page,
  mode: ExtractMode,
  selector: string | undefined,
  limits: ExtractLimits,
): Promise<Extracted & { title: string }> {
  const element = page.locator(selector ?? "body").first();
  const late = `Reading the page took longer than ${limits.timeoutMs} ms`;
  if (mode === "text") {
    // Read past the cap inside the page only by a margin, so a huge page is never copied out whole.
    const reading = selector === undefined
      ? page.evaluate(bodyText, limits.maxChars * 4)
      : element.evaluate(elementText, limits.maxChars * 4, { timeout: limits.timeoutMs });
    const read = await withDeadline(reading, limits.timeoutMs + 1_000, late);
    return { title: read.title, ...cut(read.text, limits.maxChars) };
  }
  const title = await withDeadline(page.title(), limits.timeoutMs, late);
  if (mode === "accessibility") {
    const tree = await withDeadline(
      element.ariaSnapshot({ timeout: limits.timeoutMs }),
      limits.timeoutMs + 1_000,
      late,
    );
    return { title, ...cut(tree, limits.maxChars) };
  }
  const found = await withDeadline(
    element.evaluate(linksBelow, limits.maxLinks, { timeout: limits.timeoutMs }),
    limits.timeoutMs + 1_000,
    late,
  );
  const lines = found.links.map((link) => `- ${link.text || "(no text)"} \u2192 ${link.href}`);
  const listed = cut(lines.join("\n"), limits.maxChars);
  return { title, text: listed.text, omitted: found.total - found.links.length + listed.omitted };
}

/** Text normalised (line ends, trailing blanks, runs of blank lines folded) and cut to `maxChars`. */
export function cut(text: string, maxChars: number): Extracted {
  const folded = text.replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
  if (folded.length <= maxChars) return { text: folded, omitted: 0 };
  return { text: folded.slice(0, maxChars), omitted: folded.length - maxChars };
}
