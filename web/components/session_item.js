// One session in the sidebar: open it, rename it inline, or delete it after a confirmation.
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { Icon } from "./icon.js";
import { formatRelative } from "../lib/format.js";
import { deleteSession, renameSession, sessionLabel } from "../lib/sessions.js";
import { chatHash } from "../lib/router.js";

function RenameForm({ session, onDone }) {
  const [title, setTitle] = useState(session.title || "");
  const [error, setError] = useState("");
  const input = useRef(null);
  const finished = useRef(false);
  const finish = () => {
    finished.current = true;
    onDone();
  };
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const save = async () => {
    if (finished.current) return;
    const trimmed = title.trim();
    if (!trimmed || trimmed === session.title) return finish();
    finished.current = true;
    try {
      await renameSession(session.id, trimmed);
      onDone();
    } catch (err) {
      finished.current = false;
      setError(err.message);
    }
  };
  return html`
    <form class="session-rename" onSubmit=${(e) => {
      e.preventDefault();
      save();
    }}>
      <label class="sr-only" for=${`rename-${session.id}`}>New title</label>
      <input id=${`rename-${session.id}`} ref=${input} value=${title} maxlength="200"
        onInput=${(e) => setTitle(e.target.value)} onBlur=${save}
        onKeyDown=${(e) => e.key === "Escape" && (e.preventDefault(), finish())} />
      ${error ? html`<span class="field-error" role="alert">${error}</span>` : null}
    </form>
  `;
}

function DeleteConfirm({ session, onDone, onDeleted }) {
  const [error, setError] = useState("");
  const confirm = async () => {
    try {
      await deleteSession(session.id);
      onDeleted(session.id);
    } catch (err) {
      setError(err.message);
    }
  };
  return html`
    <div class="session-confirm" role="alertdialog" aria-label=${`Delete ${sessionLabel(session)}?`}>
      <span>Delete this chat?</span>
      <button type="button" class="btn btn-small btn-danger" onClick=${confirm}>Delete</button>
      <button type="button" class="btn btn-small" onClick=${onDone} ref=${(el) => el?.focus()}>Cancel</button>
      ${error ? html`<span class="field-error" role="alert">${error}</span>` : null}
    </div>
  `;
}

export function SessionItem({ session, active, onOpen, onDeleted }) {
  const [mode, setMode] = useState("view");
  const otr = session.mode === "otr";
  const label = sessionLabel(session);
  if (mode === "rename") {
    return html`
      <li class="session-item is-editing">
        <${RenameForm} session=${session} onDone=${() => setMode("view")} />
      </li>
    `;
  }
  return html`
    <li class=${`session-item ${active ? "is-active" : ""} ${otr ? "is-otr" : ""}`} data-session-id=${session
      .id}>
      <a class="session-link" href=${chatHash(session.id)} aria-current=${active
        ? "page"
        : undefined} onClick=${onOpen}
        onDblClick=${(e) => (e.preventDefault(), setMode("rename"))}>
        ${otr ? html`<span class="otr-tag" title="Off the record">OTR</span>` : null}
        <span class="session-title">${label}</span>
        <span class="session-meta">${formatRelative(
          session.updated_at ?? session.created_at,
        )}${Number.isFinite(session.message_count) ? ` · ${session.message_count} msg` : ""}</span>
      </a>
      <span class="session-actions">
        <button type="button" class="icon-btn" aria-label=${`Rename ${label}`} title="Rename" onClick=${() =>
          setMode("rename")}><${Icon} name="edit" /></button>
        <button type="button" class="icon-btn" aria-label=${`Delete ${label}`} title="Delete" onClick=${() =>
          setMode("delete")}><${Icon} name="trash" /></button>
      </span>
      ${mode === "delete"
        ? html`<${DeleteConfirm} session=${session} onDone=${() => setMode("view")} onDeleted=${onDeleted} />`
        : null}
    </li>
  `;
}
