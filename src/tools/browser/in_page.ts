/** Functions that run inside the page (serialised by playwright), typed structurally: the engine's type check
 * has no DOM library. Each reads at most what the caller asks for, so a huge page is never copied out whole. */

interface TextElement {
  innerText?: string;
  textContent: string | null;
  ownerDocument?: { title: string };
}

export interface TitledText {
  title: string;
  text: string;
}

interface LinkElement {
  innerText?: string;
  title?: string;
  href: string;
}

interface Root {
  querySelectorAll(selector: string): ArrayLike<unknown>;
}

/** The document's title and the element's visible text, first `max` characters (one round trip for both). */
export function elementText(element: unknown, max: number): TitledText {
  const node = element as TextElement;
  return {
    title: node.ownerDocument?.title ?? "",
    text: (node.innerText ?? node.textContent ?? "").slice(0, max),
  };
}

/** The document's title and its body's visible text, first `max` characters. */
export function bodyText(max: number): TitledText {
  const document =
    (globalThis as unknown as { document: { title: string; body: TextElement | null } }).document;
  return { title: document.title, text: (document.body?.innerText ?? "").slice(0, max) };
}

/** The first `max` links below `root`, with their total count. */
export function linksBelow(
  root: unknown,
  max: number,
): { links: { text: string; href: string }[]; total: number } {
  const anchors = Array.from((root as Root).querySelectorAll("a[href]")) as LinkElement[];
  const links = anchors.slice(0, max).map((anchor) => ({
    text: (anchor.innerText || anchor.title || "").replace(/\s+/g, " ").trim().slice(0, 200),
    href: anchor.href,
  }));
  return { links, total: anchors.length };
}
