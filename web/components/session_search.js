// Full-text search over sessions; results replace the list while a query is typed.
import { html, useEffect, useState } from "../lib/html.js";
import { api } from "../lib/api.js";
import { chatHash } from "../lib/router.js";

const DEBOUNCE_MS = 250;

// The engine marks hits as [word] (older builds: <b>word</b>); show them as highlights, never as HTML.
const HIT_TAGS = /<\/?(?:b|mark|em)>/i;
const HIT_BRACKETS = /\[([^[\]\n]{1,80})\]/;

function Snippet({ text }) {
  const value = String(text || "");
  const parts = value.split(HIT_TAGS.test(value) ? HIT_TAGS : HIT_BRACKETS);
  return html`<span class="search-snippet">${
    parts.map((part, i) => (i % 2 ? html`<mark>${part}</mark>` : part))
  }</span>`;
}

export function SessionSearch({ query, onOpen }) {
  const [state, setState] = useState({ loading: false, results: [], error: "" });
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    setState((s) => ({ ...s, loading: true, error: "" }));
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const data = await api.searchSessions(q);
        if (!stale) {
          setState({ loading: false, results: Array.isArray(data?.results) ? data.results : [], error: "" });
        }
      } catch (error) {
        if (!stale) setState({ loading: false, results: [], error: error.message });
      }
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);
  if (state.error) return html`<p class="field-error" role="alert">${state.error}</p>`;
  if (state.loading && !state.results.length) {
    return html`<p class="muted sidebar-note" role="status">Searching…</p>`;
  }
  if (!state.results.length) {
    return html`<p class="muted sidebar-note" role="status">No chats match “${query.trim()}”.</p>`;
  }
  return html`
    <ul class="session-list search-results" aria-label="Search results">
      ${state.results.map((result) =>
        html`
          <li key=${result.session_id} class="session-item">
            <a class="session-link" href=${chatHash(result.session_id)} onClick=${onOpen}>
              <span class="session-title">${result.title || "Untitled chat"}</span>
              <${Snippet} text=${result.snippet} />
            </a>
          </li>
        `
      )}
    </ul>
  `;
}
