// Metrics page: token totals, tokens per day, LLM latency percentiles, Shield decisions and latency by tier.
// The summary shape beyond `performance` is not fixed by the spec, so every field is read defensively.
import { html, useEffect, useState } from "../lib/html.js";
import { api } from "../lib/api.js";
import { asNumber, formatCount } from "../lib/format.js";
import { BarChart } from "./bar_chart.js";

const PERIODS = [["today", "Today"], ["weekly", "Last 7 days"], ["monthly", "Last 30 days"], [
  "yearly",
  "Last year",
]];

function ms(value) {
  const n = asNumber(value);
  if (n === 0) return "0";
  return n < 1 ? `${n.toFixed(2)} ms` : n < 100 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`;
}

function dailyRows(daily) {
  return (Array.isArray(daily) ? daily : []).map((d) => ({
    label: String(d?.date ?? "").slice(5),
    values: [asNumber(d?.input_tokens), asNumber(d?.output_tokens)],
  }));
}

function Stat({ label, value }) {
  return html`<div class="stat"><span class="stat-value">${value}</span><span class="stat-label">${label}</span></div>`;
}

function Charts({ summary, daily }) {
  const perf = summary?.performance || {};
  const usage = summary?.token_usage || {};
  const decisions = summary?.shield?.decisions || {};
  const byTier = summary?.shield?.by_tier || {};
  const rows = dailyRows(daily?.length ? daily : summary?.daily);
  const calls = rows.length
    ? (daily?.length ? daily : summary?.daily).reduce((n, d) => n + asNumber(d?.llm_calls), 0)
    : 0;
  const tierKeys = Object.keys(byTier).sort();
  return html`
    <div class="stats">
      <${Stat} label="Total tokens" value=${formatCount(
        usage.total_tokens ?? asNumber(usage.input_tokens) + asNumber(usage.output_tokens),
      )} />
      <${Stat} label="Input tokens" value=${formatCount(usage.input_tokens)} />
      <${Stat} label="Output tokens" value=${formatCount(usage.output_tokens)} />
      <${Stat} label="LLM calls (30 days)" value=${formatCount(calls)} />
      <${Stat} label="Tool calls" value=${formatCount(summary?.tools?.calls)} />
      <${Stat} label="LLM p95 latency" value=${ms(perf.p95_latency_ms)} />
    </div>
    <div class="chart-grid">
      <${BarChart} title="Tokens per day (30 days)" rows=${rows} stacked=${true} labelEvery=${Math.ceil(
        rows.length / 10,
      ) || 1}
        series=${[{ name: "Input", tone: "a" }, { name: "Output", tone: "b" }]} />
      <${BarChart} title="LLM latency" format=${ms} series=${[{ name: "Latency", tone: "a" }]}
        rows=${[["avg", perf.avg_latency_ms], ["p50", perf.p50_latency_ms], ["p95", perf.p95_latency_ms], [
          "p99",
          perf.p99_latency_ms,
        ]]
          .map(([label, v]) => ({ label, values: [asNumber(v)] }))} />
      <${BarChart} title="Shield decisions" series=${[{ name: "Decisions", tone: "c" }]}
        rows=${["ALLOW", "BLOCK", "ESCALATE"].map((d) => ({ label: d, values: [asNumber(decisions[d])] }))} />
      <${BarChart} title="Shield latency by tier" format=${ms} series=${[{ name: "p50", tone: "a" }, {
        name: "p95",
        tone: "b",
      }]}
        rows=${[0, 1, 2].map((t) => ({
          label: `Tier ${t}`,
          values: [asNumber(perf[`shield_t${t}_p50_ms`]), asNumber(perf[`shield_t${t}_p95_ms`])],
        }))} />
      ${tierKeys.length
        ? html`
          <${BarChart} title="Shield decisions by tier" series=${[{ name: "Evaluations", tone: "c" }]}
            rows=${tierKeys.map((k) => ({ label: `Tier ${k}`, values: [asNumber(byTier[k])] }))} />
        `
        : null}
    </div>
  `;
}

export function MetricsView() {
  const [period, setPeriod] = useState("today");
  const [state, setState] = useState({ loading: true, error: "", summary: null, daily: [] });
  useEffect(() => {
    let stale = false;
    setState((s) => ({ ...s, loading: true, error: "" }));
    Promise.all([api.metrics(period), api.dailyMetrics(30).catch(() => [])])
      .then(([summary, daily]) =>
        !stale && setState({ loading: false, error: "", summary, daily: Array.isArray(daily) ? daily : [] })
      )
      .catch((error) =>
        !stale && setState({ loading: false, error: error.message, summary: null, daily: [] })
      );
    return () => (stale = true);
  }, [period]);
  return html`
    <section class="panel" aria-label="Metrics">
      <div class="toolbar">
        <label>Period
          <select value=${period} onChange=${(e) => setPeriod(e.target.value)}>
            ${PERIODS.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
          </select>
        </label>
        ${state.loading ? html`<span class="muted" role="status">Loading…</span>` : null}
      </div>
      ${state.error ? html`<p class="notice notice-error" role="alert">${state.error}</p>` : null}
      ${state.summary ? html`<${Charts} summary=${state.summary} daily=${state.daily} />` : null}
    </section>
  `;
}
