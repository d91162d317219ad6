// Read-only settings (secrets masked by the engine), grouped, with the slash commands that change them.
import { html, useEffect, useState } from "../lib/html.js";
import { api } from "../lib/api.js";

const GROUPS = [
  ["agent", "Agent", "/config set identity.name <name>"],
  ["chat", "Chat model", "/model <name>"],
  ["shield", "Shield", "Security settings: edit config.yaml and restart"],
  ["memory", "Memory", "/config set roles.embedding <model entry>"],
  ["mcp", "MCP servers", "Edit mcp.servers in config.yaml and restart"],
  ["email", "Email", "Edit email in config.yaml and restart"],
  ["calendar", "Calendar", "Edit calendar in config.yaml and restart"],
  ["web", "Web server", "Port is read-only: edit web.port in config.yaml and restart"],
  ["sandbox", "Sandbox", "Follows the engine's permissions; see the Status page"],
];

const WORDS = { api: "API", url: "URL", mcp: "MCP", oauth: "OAuth", llm: "LLM", otr: "OTR", id: "ID" };

function label(key) {
  const words = key.replace(/_/g, " ").replace(/([a-z])(\d)/g, "$1 $2").split(" ");
  const text = words.map((w) => WORDS[w.toLowerCase()] ?? w).join(" ");
  return text.replace(/^./, (c) => c.toUpperCase());
}

function Value({ name, value }) {
  if (typeof value === "boolean") {
    const text = name.endsWith("configured") ? (value ? "Configured" : "Not set") : value ? "Yes" : "No";
    return html`<span class=${`badge ${value ? "badge-ok" : "badge-muted"}`}>${text}</span>`;
  }
  if (value === null || value === undefined || value === "") return html`<span class="muted">—</span>`;
  if (Array.isArray(value)) {
    if (!value.length) return html`<span class="muted">none</span>`;
    return html`<ul class="plain-list">${
      value.map((v, i) =>
        html`<li key=${i}>${typeof v === "object" ? html`<code>${JSON.stringify(v)}</code>` : String(v)}</li>`
      )
    }</ul>`;
  }
  if (typeof value === "object") return html`<${Fields} data=${value} />`;
  return html`<code>${String(value)}</code>`;
}

function Fields({ data }) {
  return html`<dl class="kv">${
    Object.entries(data).map(([k, v]) =>
      html`
        <dt key=${`k${k}`}>${label(k)}</dt>
        <dd key=${`v${k}`}>
          <${Value} name=${k} value=${v} />
        </dd>
      `
    )
  }</dl>`;
}

export function SettingsView() {
  const [state, setState] = useState({ loading: true, error: "", data: null });
  useEffect(() => {
    api.settings().then((data) => setState({ loading: false, error: "", data }))
      .catch((error) => setState({ loading: false, error: error.message, data: null }));
  }, []);
  const data = state.data;
  if (state.error) {
    return html`
      <section class="page">
        <p class="notice notice-error" role="alert">${state.error}</p>
      </section>
    `;
  }
  if (!data) {
    return html`
      <section class="page">
        <p class="muted" role="status">Loading settings…</p>
      </section>
    `;
  }
  const known = new Set([...GROUPS.map(([key]) => key), "read_only", "edit_hint"]);
  const other = Object.fromEntries(Object.entries(data).filter(([k]) => !known.has(k)));
  return html`
    <section class="page settings-page" aria-label="Settings">
      <div class="notice notice-info">
        <span>${data.edit_hint ||
          "Settings are read-only here. Change them with /config set and /model in the chat, or edit config.yaml and restart."}</span>
      </div>
      <div class="settings-grid">
        ${GROUPS.filter(([key]) => data[key] !== undefined).map(([key, title, hint]) =>
          html`
            <section class="card" key=${key} aria-labelledby=${`set-${key}`}>
              <h3 id=${`set-${key}`}>${title}</h3>
              ${data[key] && typeof data[key] === "object" && !Array.isArray(data[key])
                ? html`<${Fields} data=${data[key]} />`
                : html`<${Value} name=${key} value=${data[key]} />`}
              <p class="hint">Change: <code>${hint}</code></p>
            </section>
          `
        )}
        ${Object.keys(other).length
          ? html`
            <section class="card">
              <h3>Other</h3>
              <${Fields} data=${other} />
            </section>
          `
          : null}
      </div>
    </section>
  `;
}
