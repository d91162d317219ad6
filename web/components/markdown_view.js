// Shows sanitised Markdown; code-block copy buttons are handled here by event delegation.
import { html, useLayoutEffect, useRef } from "../lib/html.js";
import { renderMarkdown, renderMarkdownCached } from "../lib/markdown.js";
import { copyText } from "../lib/clipboard.js";

async function onClick(event) {
  const button = event.target.closest?.(".md-copy");
  if (!button) return;
  const code = button.closest(".md-code")?.querySelector("pre")?.textContent ?? "";
  const ok = await copyText(code);
  button.textContent = ok ? "Copied" : "Copy failed";
  setTimeout(() => (button.textContent = "Copy"), 1500);
}

/** props: text; live (true while streaming: skips the cache). */
export function MarkdownView({ text, live = false }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.replaceChildren(live ? renderMarkdown(text) : renderMarkdownCached(text));
  }, [text, live]);
  return html`<div class="markdown" ref=${ref} onClick=${onClick}></div>`;
}
