// One tool call: tool and target, arguments (collapsible), Shield verdict with tier and reason, result, duration.
import { html } from "../lib/html.js";
import { Icon } from "./icon.js";
import { formatDuration } from "../lib/format.js";
import { VerdictBadge } from "./verdict_badge.js";

const STATUS = {
  evaluating: ["Checking with Shield…", "pending"],
  running: ["Running…", "pending"],
  awaiting: ["Waiting for approval", "warn"],
  blocked: ["Blocked", "bad"],
  done: ["Done", "ok"],
  failed: ["Failed", "bad"],
  otr_blocked: ["Blocked: off the record", "bad"],
  unknown: ["", "muted"],
};

const TARGET_FIELDS = [
  "command",
  "path",
  "url",
  "source",
  "pattern",
  "to",
  "query",
  "task",
  "id",
  "selector",
];
const RESULT_PREVIEW = 4000;

function targetOf(args) {
  for (const field of TARGET_FIELDS) {
    const value = args?.[field];
    if (typeof value === "string" && value) return value;
    if (Array.isArray(value) && value.length) return value.join(", ");
  }
  return "";
}

function ResultBlock({ item }) {
  const text = item.result ?? "";
  if (!text && !item.is_error) return null;
  // A refused call's result only repeats the verdict shown above it.
  if (item.status === "blocked" && item.verdict) return null;
  const long = text.length > RESULT_PREVIEW;
  return html`
    <details class=${`tool-result ${item.is_error ? "is-error" : ""}`} open=${item.is_error ||
      text.length < 400}>
      <summary>${item.is_error ? "Error" : "Result"}${long
        ? ` (${text.length.toLocaleString()} characters, first ${RESULT_PREVIEW.toLocaleString()} shown)`
        : ""}</summary>
      <pre>${long ? text.slice(0, RESULT_PREVIEW) + "\n…" : text || "(empty)"}</pre>
    </details>
  `;
}

function VerdictBlock({ verdict }) {
  if (!verdict) return null;
  const tiers = verdict.tier_results || [];
  return html`
    <div class="tool-verdict">
      <${VerdictBadge} decision=${verdict.decision} tier=${verdict.tier} />
      ${verdict.reason ? html`<span class="verdict-reason">${verdict.reason}</span>` : null}
      ${tiers.length > 1
        ? html`
          <details class="tier-results">
            <summary>All tiers</summary>
            <ul>${tiers.map((t, i) =>
              html`<li key=${i}><${VerdictBadge} decision=${t.decision} tier=${t.tier} /> ${
                t.reason || ""
              }</li>`
            )}</ul>
          </details>
        `
        : null}
    </div>
  `;
}

export function ToolCard({ item }) {
  const [statusText, tone] = STATUS[item.status] || STATUS.unknown;
  const target = targetOf(item.arguments);
  const argsText = JSON.stringify(item.arguments ?? {}, null, 2);
  return html`
    <section class=${`tool-card tone-${tone}`} data-action-id=${item.action_id || ""} data-tool=${item
      .tool_name} aria-label=${`Tool call ${item.tool_name}`}>
      <header class="tool-head">
        <span class="tool-icon"><${Icon} name="terminal" /></span>
        <code class="tool-name">${item.tool_name}</code>
        ${target ? html`<span class="tool-target" title=${target}>${target}</span>` : null}
        <span class="tool-status">
          ${statusText
            ? html`<span class=${`status-dot dot-${tone}`} aria-hidden="true"></span>${statusText}`
            : null}
          ${Number.isFinite(item.duration_ms)
            ? html`<span class="tool-duration">${formatDuration(item.duration_ms)}</span>`
            : null}
        </span>
      </header>
      <${VerdictBlock} verdict=${item.verdict} />
      ${item.status === "otr_blocked" && item.otr_reason
        ? html`<p class="tool-otr">${item.otr_reason}</p>`
        : null}
      ${argsText !== "{}"
        ? html`
          <details class="tool-args">
            <summary>Arguments</summary>
            <pre>${argsText}</pre>
          </details>
        `
        : null}
      <${ResultBlock} item=${item} />
    </section>
  `;
}
