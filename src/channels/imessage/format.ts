/** Markdown to iMessage plain text: markers dropped, links as "text (url)". */
import { renderWith, type Span } from "../markdown_blocks.ts";

function span(part: Span): string {
  if (part.kind === "link") return part.text === part.url ? part.url : `${part.text} (${part.url})`;
  return part.text;
}

export function renderIMessage(markdown: string): string {
  return renderWith(markdown, { span, heading: (text) => text, codeBlock: (_language, code) => code });
}
