// The message being streamed: reads the token text from its own store and re-renders Markdown at most
// every 80 ms, so a fast stream costs one parse per few frames instead of one per token.
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { streamStore } from "../lib/chat_store.js";
import { MarkdownView } from "./markdown_view.js";

const RENDER_INTERVAL_MS = 80;

export function StreamingMessage({ itemKey }) {
  const [text, setText] = useState(() => streamStore.get().text);
  const lastRender = useRef(0);
  const timer = useRef(0);
  useEffect(() => {
    const update = () => {
      clearTimeout(timer.current);
      timer.current = 0;
      lastRender.current = performance.now();
      const state = streamStore.get();
      if (state.key === itemKey) setText(state.text);
    };
    const unsubscribe = streamStore.subscribe(() => {
      if (timer.current) return;
      const wait = RENDER_INTERVAL_MS - (performance.now() - lastRender.current);
      if (wait <= 0) update();
      else timer.current = setTimeout(update, wait);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [itemKey]);
  return html`
    <article class="msg msg-assistant is-streaming" aria-busy="true">
      <div class="msg-body">
        ${text
          ? html`<${MarkdownView} text=${text} live=${true} />`
          : html`<span class="typing" aria-label="Thinking"><i></i><i></i><i></i></span>`}
      </div>
    </article>
  `;
}
