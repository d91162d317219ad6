// The chat page: session header, OTR banner, the timeline and the composer.
import { html, useEffect } from "../lib/html.js";
import { Icon } from "./icon.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { chatStore } from "../lib/chat_store.js";
import { MessageList } from "./message_list.js";
import { Composer } from "./composer.js";
import { OtrBanner } from "./otr_banner.js";
import { ConnectModelCard } from "./connect_model_card.js";

function EmptyChat({ name }) {
  return html`
    <div class="empty-chat">
      <div class="empty-mark">
        <${Icon} name="shield" size=${44} />
      </div>
      <h2>What can ${name || "Parapet"} do for you?</h2>
      <p
        class="muted">Every tool call is checked by Shield before it runs. Risky ones ask for your approval here.</p>
    </div>
  `;
}

let firstRenderMarked = false;

export function ChatView() {
  // Read by bench/ui_bench.ts: when the chat UI first reached the screen after navigation start.
  useEffect(() => {
    if (firstRenderMarked) return;
    firstRenderMarked = true;
    requestAnimationFrame(() => performance.mark("parapet:chat-ready"));
  }, []);
  const sessionId = useStore(chatStore, (s) => s.sessionId);
  const items = useStore(chatStore, (s) => s.items);
  const loading = useStore(chatStore, (s) => s.loading);
  const loadError = useStore(chatStore, (s) => s.loadError);
  const session = useStore(appStore, (s) => s.sessions.find((x) => x.id === sessionId));
  const agentName = useStore(appStore, (s) => s.status?.agent_name);
  const otr = session?.mode === "otr";
  return html`
    <section class=${`chat-view ${otr ? "is-otr" : ""}`} aria-label="Chat">
      ${otr ? html`<${OtrBanner} />` : null}
      <${ConnectModelCard} />
      ${loadError ? html`<div class="notice notice-error" role="alert">${loadError}</div>` : null}
      ${loading ? html`<div class="chat-loading" role="status">Loading messages…</div>` : null}
      ${!loading && !items.length && !loadError
        ? html`
          <div class="chat-scroll">
            <${EmptyChat} name=${agentName} />
          </div>
        `
        : html`<${MessageList} items=${items} sessionId=${sessionId} />`}
      <div class="composer-wrap">
        <${Composer} otr=${otr} />
      </div>
    </section>
  `;
}
