// An `error` event shown inline in the chat, with a retry when the engine says it is recoverable.
import { html } from "../lib/html.js";
import { retryLast } from "../lib/chat_actions.js";

export function ErrorNotice({ item, isLast }) {
  return html`
    <div class="notice notice-error" role="alert">
      <strong class="notice-code">${item.code}</strong>
      <span>${item.message}</span>
      ${item.recoverable
        ? html`<span class="muted">You can try again.</span>
          ${
          isLast
            ? html`<button type="button" class="btn btn-small" onClick=${retryLast}>Retry</button>`
            : null
        }`
        : html`<span class="muted">This cannot be retried.</span>`}
    </div>
  `;
}
