// The body of a Tier 3 card: why Shield asks, every argument of the call, the diff a write would make, and
// the agent's own explanation, marked as untrusted (a hijacked agent writes whatever gets an approval).
import { html } from "../lib/html.js";

function argumentText(value) {
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}

function Arguments({ args }) {
  const entries = Object.entries(args);
  if (!entries.length) return html`<p class="approval-args-empty muted">No arguments</p>`;
  return html`
    <dl class="approval-args" tabIndex="0" aria-label="Every argument of the call">
      ${entries.map(([name, value]) =>
        html`
          <div class="approval-arg" key=${name}>
            <dt><code>${name}</code></dt>
            <dd>
              <pre>${argumentText(value)}</pre>
            </dd>
          </div>
        `
      )}
    </dl>
  `;
}

function lineClass(line) {
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+++") || line.startsWith("---")) return "diff-file";
  if (line.startsWith("+")) return "diff-add";
  if (line.startsWith("-")) return "diff-del";
  return "";
}

function Diff({ diff }) {
  const lines = diff.replace(/\n$/, "").split("\n");
  return html`
    <pre class="approval-diff" tabIndex="0" aria-label="What the write changes">${lines.map((line, index) =>
      html`<span class=${lineClass(line)} key=${index}>${line}</span>`
    )}</pre>
  `;
}

export function ApprovalDetails({ item }) {
  const args = item.arguments && typeof item.arguments === "object" ? item.arguments : null;
  // An engine without the split fields sends only `reasoning`, part of which is the agent's: all untrusted.
  const split = typeof item.agent_reasoning === "string";
  const agentWords = split ? item.agent_reasoning : item.reasoning;
  const shieldWords = split ? item.shield_reason : "";
  return html`
    ${shieldWords
      ? html`<p class="approval-reason"><strong>Why Shield asks:</strong> ${shieldWords}</p>`
      : null}
    ${args
      ? html`
        <div class="approval-section">
          <h4>Arguments</h4>
          <${Arguments} args=${args} />
        </div>
      `
      : null}
    ${item.diff
      ? html`
        <div class="approval-section">
          <h4>Changes</h4>
          <${Diff} diff=${item.diff} />
        </div>
      `
      : item.diff_note
      ? html`<p class="approval-diff-note muted">${item.diff_note}</p>`
      : null}
    ${agentWords
      ? html`
        <figure class="approval-untrusted">
          <figcaption>The agent's explanation <span class="untrusted-badge">untrusted</span>
            <span class="muted">written by the model, which may be following someone else's instructions</span>
          </figcaption>
          <blockquote>${agentWords}</blockquote>
        </figure>
      `
      : null}
  `;
}
