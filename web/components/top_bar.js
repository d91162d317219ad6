// Header of the main column: drawer toggle (narrow screens), page title, model and connection state.
import { html } from "../lib/html.js";
import { Icon } from "./icon.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { routeStore } from "../lib/router.js";
import { sessionLabel } from "../lib/sessions.js";

const PAGE_TITLES = { console: "Console", settings: "Settings", memory: "Memory" };
const CONNECTION = {
  open: ["Connected", "ok"],
  connecting: ["Connecting…", "pending"],
  reconnecting: ["Reconnecting…", "warn"],
};

export function TopBar() {
  const route = useStore(routeStore, (s) => s.route);
  const session = useStore(appStore, (s) => s.sessions.find((x) => x.id === s.activeSessionId));
  const model = useStore(appStore, (s) => s.status?.model);
  const connection = useStore(appStore, (s) => s.connection);
  const drawerOpen = useStore(appStore, (s) => s.drawerOpen);
  const [label, tone] = CONNECTION[connection] || CONNECTION.connecting;
  const title = route.view === "chat"
    ? (route.sessionId && session ? sessionLabel(session) : "New chat")
    : PAGE_TITLES[route.view];
  return html`
    <header class="topbar">
      <button type="button" class="icon-btn drawer-toggle" aria-label="Open sessions" aria-expanded=${drawerOpen}
        aria-controls="sidebar" onClick=${() =>
          appStore.set({ drawerOpen: !drawerOpen })}><${Icon} name="menu" size=${20} /></button>
      <h1 class="page-title">
        ${title}
        ${route.view === "chat" && session?.mode === "otr"
          ? html`
            <span class="otr-tag">OTR</span>
          `
          : null}
      </h1>
      ${model ? html`<span class="model-chip" title="Chat model">${model}</span>` : null}
      <span class=${`conn-pill conn-${tone}`} role="status" aria-live="polite" data-connection=${connection}>
        <span class=${`status-dot dot-${tone}`} aria-hidden="true"></span>${label}
      </span>
    </header>
  `;
}
