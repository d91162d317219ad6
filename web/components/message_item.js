// Picks the view for one timeline item (user message, reply, tool card, approval, command result, error).
import { html } from "../lib/html.js";
import { memo } from "../lib/memo.js";
import { formatTime } from "../lib/format.js";
import { AssistantMessage } from "./assistant_message.js";
import { StreamingMessage } from "./streaming_message.js";
import { ToolCard } from "./tool_card.js";
import { ApprovalCard } from "./approval_card.js";
import { ErrorNotice } from "./error_notice.js";
import { MarkdownView } from "./markdown_view.js";

function UserMessage({ item }) {
  return html`
    <article class=${`msg msg-user ${item.command ? "is-command" : ""}`}>
      <div class="msg-body">${item.text}</div>
      ${item.created_at
        ? html`<footer class="msg-meta"><time>${formatTime(item.created_at)}</time></footer>`
        : null}
    </article>
  `;
}

function CommandResult({ item }) {
  return html`
    <section class=${`command-result ${item.ok ? "" : "is-error"}`} aria-label="Command result">
      <header>${item.command || "Command"} ${item.ok
        ? ""
        : html`<span class="badge badge-bad">failed</span>`}</header>
      ${item.text ? html`<${MarkdownView} text=${item.text} />` : null}
    </section>
  `;
}

function ToolMessage({ item }) {
  return html`
    <details class="tool-message">
      <summary><code>${item.name}</code> result · ${item.text.length.toLocaleString()} characters</summary>
      <pre>${item.text.slice(0, 4000)}</pre>
    </details>
  `;
}

function Item({ item, isLast }) {
  switch (item.kind) {
    case "user":
      return html`<${UserMessage} item=${item} />`;
    case "assistant":
      return item.streaming
        ? html`<${StreamingMessage} itemKey=${item.key} />`
        : html`<${AssistantMessage} item=${item} />`;
    case "tool":
      return html`<${ToolCard} item=${item} />`;
    case "approval":
      return html`<${ApprovalCard} item=${item} />`;
    case "error":
      return html`<${ErrorNotice} item=${item} isLast=${isLast} />`;
    case "command":
      return html`<${CommandResult} item=${item} />`;
    case "tool_message":
      return html`<${ToolMessage} item=${item} />`;
    default:
      return html`<p class="msg-note">${item.text}</p>`;
  }
}

export const MessageItem = memo(Item);
