// Audit log page: hash-chain status, then entries newest first, paged from the end of the log.
import { html, useEffect, useState } from "../lib/html.js";
import { Icon } from "./icon.js";
import { api } from "../lib/api.js";
import { formatDateTime } from "../lib/format.js";

const PAGE = 50;

function ChainStatus({ data }) {
  if (data.chain_valid) {
    return html`<div class="chain chain-ok" role="status" data-chain="valid"><${Icon} name="check" />
      <strong>Chain valid</strong><span class="muted">${data.total_entries.toLocaleString()} entries verified end to end</span></div>`;
  }
  const at = Number.isFinite(Number(data.chain_break_at)) ? data.chain_break_at : "?";
  return html`<div class="chain chain-bad" role="alert" data-chain="broken"><${Icon} name="x" />
    <strong>Chain broken at entry ${at}</strong><span class="muted">entries from there on cannot be trusted</span></div>`;
}

function newestFirst(entries) {
  const list = entries.slice();
  if (list.every((e) => Number.isFinite(e?.seq))) return list.sort((a, b) => b.seq - a.seq);
  return list.reverse();
}

function AuditRow({ entry, breakAt }) {
  const details = entry.details && typeof entry.details === "object"
    ? JSON.stringify(entry.details)
    : String(entry.details ?? "");
  const broken = Number.isFinite(breakAt) && Number.isFinite(entry.seq) && entry.seq >= breakAt;
  return html`
    <tr class=${broken ? "is-broken" : ""}>
      <td class="num">${entry.seq ?? ""}</td>
      <td class="nowrap">${formatDateTime(entry.ts)}</td>
      <td><code>${entry.event ?? ""}</code></td>
      <td>${entry.action_type ?? ""}</td>
      <td class="mono ellipsis" title=${entry.session_id || ""}>${entry.session_id
        ? String(entry.session_id).slice(0, 10)
        : "—"}</td>
      <td class="mono details" title=${details}>${details}</td>
      <td class="mono ellipsis" title=${entry.hash || ""}>${entry.hash
        ? String(entry.hash).slice(0, 12)
        : ""}</td>
    </tr>
  `;
}

export function AuditView() {
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState({ loading: true, error: "", data: null });
  useEffect(() => {
    let stale = false;
    setState((s) => ({ ...s, loading: true, error: "" }));
    api.audit({ lines: PAGE, offset })
      .then((data) => !stale && setState({ loading: false, error: "", data }))
      .catch((error) => !stale && setState({ loading: false, error: error.message, data: null }));
    return () => (stale = true);
  }, [offset]);
  const data = state.data;
  const entries = Array.isArray(data?.entries) ? newestFirst(data.entries) : [];
  const total = Number(data?.total_entries) || 0;
  const first = Math.max(1, total - offset - entries.length + 1);
  const last = total - offset;
  return html`
    <section class="panel" aria-label="Audit log">
      ${data ? html`<${ChainStatus} data=${{ ...data, total_entries: total }} />` : null}
      ${state.error ? html`<p class="notice notice-error" role="alert">${state.error}</p>` : null}
      <div class="toolbar">
        <button type="button" class="btn btn-small" disabled=${offset === 0 || state.loading} onClick=${() =>
          setOffset(Math.max(0, offset - PAGE))}>← Newer</button>
        <button type="button" class="btn btn-small" disabled=${!data?.has_more ||
          state.loading} onClick=${() => setOffset(offset + PAGE)}>Older →</button>
        <span class="muted toolbar-count">${entries.length
          ? `Entries ${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`
          : ""}</span>
      </div>
      ${state.loading && !data ? html`<p class="muted" role="status">Verifying chain…</p>` : null}
      <div class="table-wrap">
        <table class="data-table audit-table">
          <thead><tr><th>#</th><th>Time</th><th>Event</th><th>Action</th><th>Session</th><th>Details</th><th>Hash</th></tr></thead>
          <tbody>${entries.map((e, i) =>
            html`<${AuditRow} key=${e.seq ?? i} entry=${e} breakAt=${
              data.chain_valid ? NaN : Number(data.chain_break_at)
            } />`
          )}</tbody>
        </table>
      </div>
      ${data && !entries.length ? html`<p class="muted empty-note">The audit log is empty.</p>` : null}
    </section>
  `;
}
