// Memory files (MEMORY.md, USER.md, IDENTITY.md, AGENTS.md) rendered as Markdown, plus full-text search.
import { html, useEffect, useState } from "../lib/html.js";
import { useStore } from "../lib/store.js";
import { api } from "../lib/api.js";
import { routeStore } from "../lib/router.js";
import { MarkdownView } from "./markdown_view.js";

const FILES = ["MEMORY.md", "USER.md", "IDENTITY.md", "AGENTS.md"];

function MemoryFile({ name }) {
  const [state, setState] = useState({ loading: true, error: "", content: "", missing: false });
  const [raw, setRaw] = useState(false);
  useEffect(() => {
    setState({ loading: true, error: "", content: "", missing: false });
    api.memoryFile(name)
      .then((data) =>
        setState({ loading: false, error: "", content: String(data?.content ?? ""), missing: false })
      )
      .catch((error) =>
        setState({
          loading: false,
          error: error.status === 404 ? "" : error.message,
          content: "",
          missing: error.status === 404,
        })
      );
  }, [name]);
  if (state.loading) return html`<p class="muted" role="status">Loading ${name}…</p>`;
  if (state.missing) {
    return html`
      <p
        class="muted empty-note">${name} does not exist yet. The agent creates it when it first remembers something.</p>
    `;
  }
  if (state.error) return html`<p class="notice notice-error" role="alert">${state.error}</p>`;
  return html`
    <div class="memory-file">
      <div class="toolbar"><button type="button" class="btn btn-small" aria-pressed=${raw} onClick=${() =>
        setRaw(!raw)}>${raw ? "Formatted" : "Raw"}</button></div>
      ${raw ? html`<pre class="memory-raw">${state.content}</pre>` : html`
        <div class="card">
          <${MarkdownView} text=${state.content || "*(empty)*"} />
        </div>
      `}
    </div>
  `;
}

function MemorySearch() {
  const [query, setQuery] = useState("");
  const [state, setState] = useState({ results: null, error: "" });
  const search = async (event) => {
    event.preventDefault();
    if (!query.trim()) return;
    try {
      const results = await api.searchMemory(query.trim());
      setState({ results: Array.isArray(results) ? results : results?.results || [], error: "" });
    } catch (error) {
      setState({ results: null, error: error.message });
    }
  };
  return html`
    <form class="memory-search" role="search" onSubmit=${search}>
      <label class="sr-only" for="memory-q">Search memory</label>
      <input id="memory-q" type="search" placeholder="Search memory" value=${query} onInput=${(e) =>
        setQuery(e.target.value)} />
      <button type="submit" class="btn btn-small">Search</button>
    </form>
    ${state.error ? html`<p class="field-error" role="alert">${state.error}</p>` : null}
    ${state.results
      ? html`
        <ul class="memory-results" aria-label="Memory search results">
          ${state.results.length
            ? state.results.map((r, i) =>
              html`
                <li key=${i}><a href=${`#/memory/${encodeURIComponent(r.path)}`}><strong>${r
                  .path}</strong>${r.section ? ` › ${r.section}` : ""}</a>
                  <p class="search-snippet">${r.snippet}</p></li>
              `
            )
            : html`<li class="muted">Nothing found.</li>`}
        </ul>
      `
      : null}
  `;
}

export function MemoryView() {
  const file = useStore(routeStore, (s) => s.route.file);
  const files = FILES.includes(file) ? FILES : [...FILES, file];
  return html`
    <section class="page memory-page" aria-label="Memory">
      <${MemorySearch} />
      <nav class="tabs" aria-label="Memory files">
        ${files.map((name) =>
          html`
            <a key=${name} href=${`#/memory/${encodeURIComponent(name)}`} class=${name === file
              ? "is-active"
              : ""}
              aria-current=${name === file ? "page" : undefined}>${name}</a>
          `
        )}
      </nav>
      <${MemoryFile} name=${file} />
    </section>
  `;
}
