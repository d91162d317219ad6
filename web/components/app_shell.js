// The page frame: login when needed, otherwise sidebar (drawer on phones), header and the routed view.
import { html, useEffect } from "../lib/html.js";
import { Icon } from "./icon.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { chatStore } from "../lib/chat_store.js";
import { routeStore } from "../lib/router.js";
import { afterLogin } from "../lib/bootstrap.js";
import { Sidebar } from "./sidebar.js";
import { TopBar } from "./top_bar.js";
import { ConnectionBanner } from "./connection_banner.js";
import { ChatView } from "./chat_view.js";
import { lazy } from "../lib/lazy.js";

const ConsoleView = lazy(() => import("./console_view.js"), "ConsoleView");
const SettingsView = lazy(() => import("./settings_view.js"), "SettingsView");
const MemoryView = lazy(() => import("./memory_view.js"), "MemoryView");
const LoginView = lazy(() => import("./login_view.js"), "LoginView");

const VIEWS = { chat: ChatView, console: ConsoleView, settings: SettingsView, memory: MemoryView };

function useEscapeClosesDrawer(open) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event) => event.key === "Escape" && appStore.set({ drawerOpen: false });
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [open]);
}

export function App() {
  const auth = useStore(appStore, (s) => s.auth);
  const drawerOpen = useStore(appStore, (s) => s.drawerOpen);
  const route = useStore(routeStore, (s) => s.route);
  const announcement = useStore(chatStore, (s) => s.announcement);
  useEscapeClosesDrawer(drawerOpen);
  if (auth === "required") return html`<${LoginView} onLoggedIn=${afterLogin} />`;
  const View = VIEWS[route.view] || ChatView;
  return html`
    <div class=${`app ${drawerOpen ? "drawer-open" : ""}`}>
      <a class="skip-link" href="#main">Skip to content</a>
      <aside id="sidebar" class="sidebar" aria-label="Sidebar">
        <div class="brand"><span class="brand-mark"><${Icon} name="shield" size=${20} /></span> Parapet</div>
        <${Sidebar} />
      </aside>
      ${drawerOpen
        ? html`<div class="scrim" aria-hidden="true" onClick=${() =>
          appStore.set({ drawerOpen: false })}></div>`
        : null}
      <div class="main-col">
        <${TopBar} />
        <${ConnectionBanner} />
        <main id="main" class="main" tabIndex="-1"><${View} /></main>
      </div>
      <div class="sr-only" aria-live="polite" role="status">${announcement}</div>
    </div>
  `;
}
