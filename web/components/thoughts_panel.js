// The agent's recorded thoughts for a reply (reasoning and tool-call stages), shown on demand.
import { html } from "../lib/html.js";

function detailText(detail) {
  if (!detail || typeof detail !== "object") return "";
  if (detail.tool_name) return `${detail.tool_name}${detail.success === false ? " (failed)" : ""}`;
  return JSON.stringify(detail);
}

export function ThoughtsPanel({ thoughts }) {
  return html`
    <ol class="thoughts">
      ${thoughts.map((thought, index) =>
        html`
          <li key=${index} class=${`thought thought-${thought?.stage || "other"}`}>
            <span class="thought-stage">${String(thought?.stage || "note").replace("_", " ")}</span>
            <span class="thought-summary">${String(thought?.summary ?? "")}</span>
            ${thought?.detail
              ? html`<span class="thought-detail">${detailText(thought.detail)}</span>`
              : null}
          </li>
        `
      )}
    </ol>
  `;
}
