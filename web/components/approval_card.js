// A Tier 3 request: what the agent wants to do (every argument, the diff of a write) and why, a live
// countdown, Approve / Deny (keys A / D), the one scope it may allow from now on (a checkbox, key R), and the
// outcome in place once Shield's following verdict arrives.
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { Icon } from "./icon.js";
import { ApprovalDetails } from "./approval_details.js";
import { decideApproval, expireApproval } from "../lib/chat_actions.js";

function secondsLeft(item, now) {
  return Math.max(0, Math.ceil((item.received_at + item.timeout_secs * 1000 - now) / 1000));
}

function formatLeft(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m}:${String(s).padStart(2, "0")}` : `${s} s`;
}

function outcomeText(item) {
  if (item.outcome === "approved") return "Approved";
  if (item.outcome === "expired") return "Timed out: denied automatically";
  if (item.outcome === "denied") return "Denied";
  if (item.decision_sent === "approve") return "Approved: waiting for the engine…";
  if (item.decision_sent === "deny") return "Denied: waiting for the engine…";
  if (item.expired) return "Timed out: denied automatically";
  return "";
}

function useCountdown(item, open) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  const left = secondsLeft(item, now);
  useEffect(() => {
    if (open && left === 0) expireApproval(item.action_id);
  }, [open, left]);
  return left;
}

/** The engine's reason, unless it only repeats the outcome ("Denied by the user" after "Denied"). */
function extraReason(item, outcome) {
  const reason = String(item.outcome_reason || "");
  const firstWord = outcome.split(/[\s:]/)[0].toLowerCase();
  return reason && !reason.toLowerCase().startsWith(firstWord) ? reason : "";
}

export function ApprovalCard({ item }) {
  const open = !item.outcome && !item.decision_sent && !item.expired;
  const left = useCountdown(item, open);
  const ref = useRef(null);
  useEffect(() => {
    const active = document.activeElement;
    const typing = active && /^(TEXTAREA|INPUT)$/.test(active.tagName) && active.value;
    if (open && !typing) ref.current?.focus({ preventScroll: false });
  }, []);
  const [remember, setRemember] = useState(false);
  const decide = (decision) => open && decideApproval(item.action_id, decision, remember);
  const onKeyDown = (event) => {
    if (event.target !== ref.current || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "a") decide("approve");
    else if (key === "d") decide("deny");
    else if (key === "r" && item.allow_label) setRemember(!remember);
    else return;
    event.preventDefault();
  };
  const fraction = Math.min(1, left / item.timeout_secs);
  const state = item.outcome || item.decision_sent || (item.expired ? "expired" : "pending");
  return html`
    <section class=${`approval-card state-${state}`} ref=${ref} tabIndex="0" role="group" onKeyDown=${onKeyDown}
      aria-label=${`Approval needed: ${item.tool_name}. Press A to approve or D to deny.`} data-action-id=${item
        .action_id}>
      <header class="approval-head">
        <span class="approval-icon"><${Icon} name="alert" /></span>
        <strong>Approval needed</strong>
        <code class="tool-name">${item.tool_name}</code>
        ${open
          ? html`<span class="approval-timer" role="timer" aria-label=${`${left} seconds left`}>${
            formatLeft(left)
          }</span>`
          : null}
      </header>
      ${item.target ? html`<pre class="approval-target">${item.target}</pre>` : null}
      <${ApprovalDetails} item=${item} />
      ${open
        ? html`
          <div class="approval-bar" aria-hidden="true"><span style=${`width:${
            (fraction * 100).toFixed(1)
          }%`}></span></div>
          ${item.allow_label
            ? html`<label class="approval-remember">
              <input type="checkbox" checked=${remember} onChange=${(event) =>
              setRemember(event.target.checked)} /> ${item.allow_label} <kbd>R</kbd>
            </label>`
            : null}
          <div class="approval-actions">
            <button type="button" class="btn btn-approve" onClick=${() =>
              decide("approve")}>Approve <kbd>A</kbd></button>
            <button type="button" class="btn btn-deny" onClick=${() =>
              decide("deny")}>Deny <kbd>D</kbd></button>
          </div>
        `
        : html`
          <p class="approval-outcome" role="status">
            ${outcomeText(item)}${extraReason(item, outcomeText(item))
              ? html`<span class="muted"> · ${extraReason(item, outcomeText(item))}</span>`
              : null}
          </p>
        `}
    </section>
  `;
}
