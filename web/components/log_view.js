// Live engine log: first the last 200 lines from /api/logs, then `log_entry` events as they arrive.
import { html, useEffect, useLayoutEffect, useRef, useState } from "../lib/html.js";
import { useStore } from "../lib/store.js";
import { api } from "../lib/api.js";
import { formatTime } from "../lib/format.js";
import { logEntryKey, logStore, normalizeLogEntry } from "../lib/log_store.js";

const LEVELS = ["all", "debug", "info", "warn", "error"];
const MAX_ROWS = 500;

async function loadInitial(setState) {
  setState({ loading: true, error: "", hasMore: false, total: 0 });
  try {
    const data = await api.logs({ lines: 200 });
    const fetched = (Array.isArray(data?.entries) ? data.entries : []).map((e) => normalizeLogEntry(e));
    const seen = new Set(fetched.map(logEntryKey));
    const live = logStore.get().entries.filter((e) => !seen.has(logEntryKey(e)));
    logStore.set({ entries: [...fetched, ...live] });
    setState({
      loading: false,
      error: "",
      hasMore: Boolean(data?.has_more),
      total: Number(data?.total_lines) || 0,
    });
  } catch (error) {
    setState({ loading: false, error: error.message, hasMore: false, total: 0 });
  }
}

function LogRow({ entry }) {
  const fields = Object.keys(entry.fields).length ? JSON.stringify(entry.fields) : "";
  return html`
    <li class=${`log-row level-${entry.level}`} data-level=${entry.level}>
      <time>${formatTime(entry.ts)}</time>
      <span class=${`log-level lv-${entry.level}`}>${entry.level}</span>
      <span class="log-event">${entry.event}</span>
      <span class="log-message">${entry.message}</span>
      ${fields ? html`<span class="log-fields" title=${fields}>${fields}</span>` : null}
    </li>
  `;
}

export function LogView() {
  const entries = useStore(logStore, (s) => s.entries);
  const [state, setState] = useState({ loading: true, error: "", hasMore: false, total: 0 });
  const [level, setLevel] = useState("all");
  const [eventFilter, setEventFilter] = useState("");
  const [paused, setPaused] = useState(null);
  const list = useRef(null);
  useEffect(() => {
    loadInitial(setState);
  }, []);
  const source = paused || entries;
  const needle = eventFilter.trim().toLowerCase();
  const filtered = source.filter((e) =>
    (level === "all" || e.level === level) && (!needle || e.event.toLowerCase().includes(needle))
  );
  const rows = filtered.slice(-MAX_ROWS);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && !paused) el.scrollTop = el.scrollHeight;
  }, [rows.length, paused, level, needle]);
  return html`
    <section class="panel log-panel" aria-label="Live log">
      <div class="toolbar">
        <label>Level
          <select value=${level} onChange=${(e) => setLevel(e.target.value)}>
            ${LEVELS.map((l) => html`<option value=${l}>${l === "all" ? "All levels" : l}</option>`)}
          </select>
        </label>
        <label>Event
          <input type="search" placeholder="e.g. shield" value=${eventFilter} onInput=${(e) =>
            setEventFilter(e.target.value)} />
        </label>
        <button type="button" class="btn btn-small" aria-pressed=${Boolean(paused)} onClick=${() =>
          setPaused(paused ? null : entries)}>
          ${paused ? "Resume" : "Pause"}</button>
        <button type="button" class="btn btn-small" onClick=${() => loadInitial(setState)}>Reload</button>
        <span class="muted toolbar-count" aria-live="polite">${filtered.length
          .toLocaleString()} shown${state.total ? ` · ${state.total.toLocaleString()} in file` : ""}</span>
      </div>
      ${state.error ? html`<p class="notice notice-error" role="alert">${state.error}</p>` : null}
      ${state.loading ? html`<p class="muted" role="status">Loading log…</p>` : null}
      <ol class="log-list" ref=${list} aria-label="Log entries">
        ${rows.map((entry) => html`<${LogRow} key=${entry.id} entry=${entry} />`)}
      </ol>
      ${!state.loading && !rows.length
        ? html`<p class="muted empty-note">No log entries${
          level !== "all" || needle ? " match the filters" : " yet"
        }.</p>`
        : null}
    </section>
  `;
}
