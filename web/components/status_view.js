// Engine status: agent, model, Shield (with the Tier 2 budget), sandbox, sub-agents and channels.
import { html, useEffect, useState } from "../lib/html.js";
import { api } from "../lib/api.js";
import { appStore } from "../lib/app_store.js";
import { asNumber } from "../lib/format.js";

function YesNo({ value, yes = "Active", no = "Off" }) {
  return html`<span class=${`badge ${value ? "badge-ok" : "badge-muted"}`}>${value ? yes : no}</span>`;
}

function Budget({ used, budget }) {
  const fraction = budget > 0 ? Math.min(1, used / budget) : 0;
  return html`
    <div class="budget" role="meter" aria-valuemin="0" aria-valuemax=${budget} aria-valuenow=${used}
      aria-label="Tier 2 evaluations used today">
      <span>${used} of ${budget} used today</span>
      <div class="budget-bar"><span class=${fraction > 0.9 ? "is-high" : ""} style=${`width:${
        (fraction * 100).toFixed(1)
      }%`}></span></div>
    </div>
  `;
}

export function StatusView() {
  const [state, setState] = useState({ loading: true, error: "", status: null, agents: [], channels: [] });
  const load = async () => {
    try {
      const [status, agents, channels] = await Promise.all([
        api.status(),
        api.subAgents().catch(() => []),
        api.channels().catch(() => ({ channels: [] })),
      ]);
      appStore.set({ status });
      setState({
        loading: false,
        error: "",
        status,
        agents: Array.isArray(agents) ? agents : [],
        channels: channels?.channels || [],
      });
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: error.message }));
    }
  };
  useEffect(() => {
    load();
    const timer = setInterval(load, 10_000);
    return () => clearInterval(timer);
  }, []);
  const s = state.status;
  if (state.error) return html`<p class="notice notice-error" role="alert">${state.error}</p>`;
  if (!s) return html`<p class="muted" role="status">Loading status…</p>`;
  return html`
    <section class="panel status-grid" aria-label="Engine status">
      <div class="card">
        <h3>${s.agent_avatar ? `${s.agent_avatar} ` : ""}${s.agent_name || "Agent"}</h3>
        <dl class="kv">
          <dt>Model</dt>
          <dd><code>${s.model || "not configured"}</code></dd>
          <dt>Sessions</dt>
          <dd>${asNumber(s.session_count)}</dd>
          <dt>Workspace</dt>
          <dd class="mono">${s.workspace || ""}</dd>
        </dl>
      </div>
      <div class="card">
        <h3>Shield <${YesNo} value=${s.shield?.active} /></h3>
        <dl class="kv">
          <dt>Tier 2 budget</dt>
          <dd>
            <${Budget} used=${asNumber(s.shield?.tier2_used)} budget=${asNumber(s.shield?.tier2_budget)} />
          </dd>
        </dl>
      </div>
      <div class="card">
        <h3>Sandbox <${YesNo} value=${s.sandbox?.active} /></h3>
        <dl class="kv">
          <dt>Mode</dt>
          <dd>${s.sandbox?.mode || "none"}</dd>
          <dt>Filesystem</dt>
          <dd>
            <${YesNo} value=${s.sandbox?.filesystem} yes="Restricted" no="Unrestricted" />
          </dd>
          <dt>Network</dt>
          <dd>
            <${YesNo} value=${s.sandbox?.network} yes="Restricted" no="Unrestricted" />
          </dd>
        </dl>
      </div>
      <div class="card">
        <h3>Sub-agents and channels</h3>
        <dl class="kv">
          <dt>Running sub-agents</dt>
          <dd>${state.agents.length}</dd>
          <dt>Channels</dt>
          <dd>${state.channels.length ? state.channels.join(", ") : "none"}</dd>
        </dl>
      </div>
    </section>
  `;
}
