// The developer console: tabs for the live log, the audit log, metrics and engine status.
import { html } from "../lib/html.js";
import { useStore } from "../lib/store.js";
import { routeStore } from "../lib/router.js";
import { LogView } from "./log_view.js";
import { AuditView } from "./audit_view.js";
import { MetricsView } from "./metrics_view.js";
import { StatusView } from "./status_view.js";

const TABS = [["logs", "Live log", LogView], ["audit", "Audit", AuditView], [
  "metrics",
  "Metrics",
  MetricsView,
], ["status", "Status", StatusView]];

export function ConsoleView() {
  const tab = useStore(routeStore, (s) => s.route.tab);
  const current = TABS.find(([id]) => id === tab) || TABS[0];
  const View = current[2];
  return html`
    <section class="page console-page">
      <nav class="tabs" aria-label="Console sections">
        ${TABS.map(([id, label]) =>
          html`
            <a key=${id} href=${`#/console/${id}`} class=${id === current[0]
              ? "is-active"
              : ""} aria-current=${id === current[0] ? "page" : undefined}>${label}</a>
          `
        )}
      </nav>
      <${View} />
    </section>
  `;
}
