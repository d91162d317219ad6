// A finished assistant reply: Markdown, then a footer with time, token usage, copy and thoughts on demand.
import { html, useState } from "../lib/html.js";
import { copyText } from "../lib/clipboard.js";
import { formatCount, formatTime } from "../lib/format.js";
import { MarkdownView } from "./markdown_view.js";
import { ThoughtsPanel } from "./thoughts_panel.js";

function usageText(usage) {
  if (!usage || typeof usage !== "object") return "";
  const parts = [];
  if (usage.input_tokens !== undefined) parts.push(`${formatCount(usage.input_tokens)} in`);
  if (usage.output_tokens !== undefined) parts.push(`${formatCount(usage.output_tokens)} out`);
  if (!parts.length && usage.total_tokens !== undefined) {
    parts.push(`${formatCount(usage.total_tokens)} tokens`);
  }
  return parts.join(" · ");
}

export function AssistantMessage({ item }) {
  const [showThoughts, setShowThoughts] = useState(false);
  const [copied, setCopied] = useState(false);
  const thoughts = Array.isArray(item.thoughts) ? item.thoughts : [];
  const usage = usageText(item.token_usage);
  const copy = async () => {
    setCopied(await copyText(item.text));
    setTimeout(() => setCopied(false), 1500);
  };
  const hasFooter = usage || thoughts.length || item.text;
  return html`
    <article class="msg msg-assistant">
      ${item.text
        ? html`
          <div class="msg-body">
            <${MarkdownView} text=${item.text} />
          </div>
        `
        : null}
      ${hasFooter
        ? html`
          <footer class="msg-meta">
            ${item.created_at ? html`<time>${formatTime(item.created_at)}</time>` : null}
            ${usage ? html`<span class="usage" title="Token usage for this reply">${usage}</span>` : null}
            ${item.text
              ? html`<button type="button" class="link-btn" onClick=${copy}>${
                copied ? "Copied" : "Copy"
              }</button>`
              : null}
            ${thoughts.length
              ? html`
                <button type="button" class="link-btn" aria-expanded=${showThoughts} onClick=${() =>
                  setShowThoughts(!showThoughts)}>
                  ${showThoughts ? "Hide thoughts" : `Show thoughts (${thoughts.length})`}
                </button>
              `
              : null}
          </footer>
        `
        : null}
      ${showThoughts ? html`<${ThoughtsPanel} thoughts=${thoughts} />` : null}
    </article>
  `;
}
