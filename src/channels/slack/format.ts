/** Markdown to Slack mrkdwn: *bold*, _italic_, ~strike~, `code`, ``` blocks, <url|text> links; &, < and > escaped. */
import { renderWith, type Span } from "../markdown_blocks.ts";

export function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function span(part: Span): string {
  switch (part.kind) {
    case "plain":
      return escapeSlack(part.text);
    case "bold":
      return `*${escapeSlack(part.text)}*`;
    case "italic":
      return `_${escapeSlack(part.text)}_`;
    case "strike":
      return `~${escapeSlack(part.text)}~`;
    case "code":
      return `\`${escapeSlack(part.text)}\``;
    case "link":
      return `<${part.url.replaceAll("|", "%7C").replaceAll(">", "%3E")}|${escapeSlack(part.text)}>`;
  }
}

export function renderSlack(markdown: string): string {
  return renderWith(markdown, {
    span,
    heading: (text) => `*${escapeSlack(text)}*`,
    codeBlock: (_language, code) => "```\n" + escapeSlack(code) + "\n```",
  });
}
