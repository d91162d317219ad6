// Shield decision with its tier, coloured by outcome.
import { html } from "../lib/html.js";

const LABELS = { ALLOW: "Allowed", BLOCK: "Blocked", ESCALATE: "Escalated", DENY: "Blocked" };

export function VerdictBadge({ decision, tier }) {
  const value = String(decision || "").toUpperCase();
  const tone = value === "ALLOW" ? "ok" : value === "ESCALATE" ? "warn" : "bad";
  const tierText = Number.isFinite(Number(tier)) && tier !== null && tier !== undefined
    ? ` · Tier ${tier}`
    : "";
  return html`<span class=${`badge badge-${tone}`} data-decision=${value}>${
    LABELS[value] || value || "Unknown"
  }${tierText}</span>`;
}
