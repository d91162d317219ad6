// Application-wide state: auth, connection, sessions, the active session, agent status and slash commands.
import { createStore } from "./store.js";

export const appStore = createStore({
  auth: "unknown", // "unknown" | "ok" | "required"
  authUsed: false, // true once a login was needed, so the UI offers "Log out"
  connection: "connecting", // "connecting" | "open" | "reconnecting"
  reconnectInSecs: 0,
  sessions: [],
  sessionsLoaded: false,
  sessionsError: "",
  activeSessionId: "",
  status: null,
  commands: [],
  drawerOpen: false,
  pendingApprovals: 0,
});

export function sessionById(id) {
  return appStore.get().sessions.find((s) => s.id === id);
}
