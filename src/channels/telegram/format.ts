/** Markdown to Telegram's HTML parse mode (the subset it accepts: b, i, s, code, pre, a), escaped. */
import { renderWith, type Span } from "../markdown_blocks.ts";

export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function span(part: Span): string {
  switch (part.kind) {
    case "plain":
      return escapeHtml(part.text);
    case "bold":
      return `<b>${escapeHtml(part.text)}</b>`;
    case "italic":
      return `<i>${escapeHtml(part.text)}</i>`;
    case "strike":
      return `<s>${escapeHtml(part.text)}</s>`;
    case "code":
      return `<code>${escapeHtml(part.text)}</code>`;
    case "link":
      return `<a href="${escapeHtml(part.url).replaceAll('"', "&quot;")}">${escapeHtml(part.text)}</a>`;
  }
}

export function renderTelegram(markdown: string): string {
  return renderWith(markdown, {
    span,
    heading: (text) => `<b>${escapeHtml(text)}</b>`,
    codeBlock: (language, code) =>
      language
        ? `<pre><code class="language-${escapeHtml(language)}">${escapeHtml(code)}</code></pre>`
        : `<pre>${escapeHtml(code)}</pre>`,
  });
}
