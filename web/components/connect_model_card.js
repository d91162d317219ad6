// "Connect a model": shown above the chat when the chat model is missing or does not answer, naming the
// address the engine tried and what to do; "Check again" asks the engine for a fresh probe.
import { html, useEffect, useState } from "../lib/html.js";

async function fetchCheck(fresh) {
  const response = await fetch(`/api/model-check${fresh ? "?fresh=1" : ""}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  return response.ok ? await response.json() : null;
}

export function ConnectModelCard() {
  const [check, setCheck] = useState(null);
  const [busy, setBusy] = useState(false);
  const load = async (fresh) => {
    setBusy(true);
    try {
      setCheck(await fetchCheck(fresh));
    } catch {
      setCheck(null);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => void load(false), []);
  if (!check || check.ok) return null;
  const title = check.configured
    ? `The chat model "${check.name}" (${check.provider} ${check.model}) does not answer`
    : "Connect a model";
  const tried = check.url && !check.message.includes(check.url) ? `Tried ${check.url}: ` : "";
  const init = html`<code>deno task start -- init</code>`;
  const doctor = html`<code>deno task start -- doctor</code>`;
  return html`
    <div class="notice notice-error connect-model" role="alert" aria-label="Connect a model">
      <strong>${title}</strong>
      <span>${tried}${check.message}</span>
      ${check.fix ? html`<span class="muted">Fix: ${check.fix}</span>` : null}
      <span class="muted">In a terminal, ${init} sets one up and ${doctor} checks it.</span>
      <button type="button" class="btn btn-small" disabled=${busy} onClick=${() => load(true)}>
        ${busy ? "Checking…" : "Check again"}
      </button>
    </div>
  `;
}
