// Left column (a drawer on narrow screens): new chat buttons, search, the session list, and app navigation.
import { html, useState } from "../lib/html.js";
import { Icon } from "./icon.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { api } from "../lib/api.js";
import { forgetLogin } from "../lib/bootstrap.js";
import { createSession } from "../lib/sessions.js";
import { chatHash, navigate, routeStore } from "../lib/router.js";
import { SessionItem } from "./session_item.js";
import { SessionSearch } from "./session_search.js";

const NAV = [
  ["#/console/logs", "Console", "console"],
  ["#/memory", "Memory", "memory"],
  ["#/settings", "Settings", "settings"],
];

function closeDrawer() {
  appStore.set({ drawerOpen: false });
}

async function startSession(mode, setError) {
  try {
    const session = await createSession(mode);
    setError("");
    navigate(chatHash(session.id));
    closeDrawer();
  } catch (error) {
    setError(error.message);
  }
}

async function logout() {
  forgetLogin();
  try {
    await api.logout();
  } finally {
    location.reload();
  }
}

export function Sidebar() {
  const [query, setQuery] = useState("");
  const [error, setError] = useState("");
  const sessions = useStore(appStore, (s) => s.sessions);
  const loaded = useStore(appStore, (s) => s.sessionsLoaded);
  const listError = useStore(appStore, (s) => s.sessionsError);
  const activeId = useStore(appStore, (s) => s.activeSessionId);
  const authUsed = useStore(appStore, (s) => s.authUsed);
  const route = useStore(routeStore, (s) => s.route);
  const onDeleted = (id) => {
    if (id === activeId) navigate("#/");
  };
  return html`
    <nav class="sidebar-inner" aria-label="Sessions and navigation">
      <div class="sidebar-actions">
        <button type="button" class="btn btn-primary" onClick=${() =>
          startSession("normal", setError)}><${Icon} name="plus" /> New chat</button>
        <button type="button" class="btn btn-otr" onClick=${() => startSession("otr", setError)}
          title="Nothing from an off-the-record chat is kept" aria-label="New off-the-record chat"><${Icon} name="eyeOff" /> OTR</button>
      </div>
      ${error ? html`<p class="field-error" role="alert">${error}</p>` : null}
      <div class="sidebar-search">
        <label class="sr-only" for="session-search">Search chats</label>
        <input id="session-search" type="search" placeholder="Search chats" value=${query}
          onInput=${(e) => setQuery(e.target.value)} />
      </div>
      <div class="sidebar-list">
        ${query.trim() ? html`<${SessionSearch} query=${query} onOpen=${closeDrawer} />` : html`
          ${listError ? html`<p class="field-error" role="alert">${listError}</p>` : null}
          ${loaded && !sessions.length ? html`<p class="muted sidebar-note">No chats yet.</p>` : null}
          <ul class="session-list" aria-label="Chats">
            ${sessions.map((s) =>
              html`
                <${SessionItem} key=${s.id} session=${s} active=${s.id === activeId && route.view === "chat"}
                  onOpen=${closeDrawer} onDeleted=${onDeleted} />
              `
            )}
          </ul>
        `}
      </div>
      <ul class="sidebar-nav">
        ${NAV.map(([href, label, view]) =>
          html`
            <li key=${view}><a href=${href} class=${route.view === view
              ? "is-active"
              : ""} aria-current=${route.view === view ? "page" : undefined}
              onClick=${closeDrawer}>${label}</a></li>
          `
        )}
        ${authUsed
          ? html`<li><button type="button" class="link-btn" onClick=${logout}>Log out</button></li>`
          : null}
      </ul>
    </nav>
  `;
}
