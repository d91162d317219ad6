/** Teams renders Markdown itself (textFormat "markdown"): the reply goes out as written, headings as bold lines. */
import { renderWith, type Span } from "../markdown_blocks.ts";

function span(part: Span): string {
  switch (part.kind) {
    case "plain":
      return part.text;
    case "bold":
      return `**${part.text}**`;
    case "italic":
      return `*${part.text}*`;
    case "strike":
      return `~~${part.text}~~`;
    case "code":
      return `\`${part.text}\``;
    case "link":
      return `[${part.text}](${part.url})`;
  }
}

export function renderTeams(markdown: string): string {
  return renderWith(markdown, {
    span,
    heading: (text) => `**${text}**`,
    codeBlock: (language, code) => "```" + language + "\n" + code + "\n```",
  });
}
