/** Markdown for platforms that read Markdown themselves (Discord, Teams): spans stay as written, headings become
 * bold lines (some clients show "#" literally), code blocks keep their language. */
import { renderWith, type Span } from "./markdown_blocks.ts";

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

export function renderStandardMarkdown(markdown: string): string {
  return renderWith(markdown, {
    span,
    heading: (text) => `**${text}**`,
    codeBlock: (language, code) => "```" + language + "\n" + code + "\n```",
  });
}
