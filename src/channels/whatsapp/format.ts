/** Markdown to WhatsApp's formatting: *bold*, _italic_, ~strike~, `code`, ``` blocks; links as "text (url)". */
import { renderWith, type Span } from "../markdown_blocks.ts";

function span(part: Span): string {
  switch (part.kind) {
    case "plain":
      return part.text;
    case "bold":
      return `*${part.text}*`;
    case "italic":
      return `_${part.text}_`;
    case "strike":
      return `~${part.text}~`;
    case "code":
      return `\`${part.text}\``;
    case "link":
      return part.text === part.url ? part.url : `${part.text} (${part.url})`;
  }
}

export function renderWhatsApp(markdown: string): string {
  return renderWith(markdown, {
    span,
    heading: (text) => `*${text}*`,
    codeBlock: (_language, code) => "```" + code + "```",
  });
}
