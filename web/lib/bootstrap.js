// Starts the app: checks whether login is needed, opens the WebSocket, loads sessions, follows the route.
import { api } from "./api.js";
import { appStore } from "./app_store.js";
import { chatStore } from "./chat_store.js";
import { handleChatEvent } from "./chat_events.js";
import { openSession, resync } from "./chat_actions.js";
import { consumeHelpResult, requestCommands } from "./command_loader.js";
import { startConnection } from "./connection.js";
import { appendLogEntries, normalizeLogEntry } from "./log_store.js";
import { routeStore } from "./router.js";
import { loadSessions } from "./sessions.js";
import { followCommandAction } from "./command_actions.js";
import { startTitleUpdates } from "./title.js";

function dispatch(frame) {
  if (frame.type === "pong") return;
  if (frame.type === "log_entry") {
    appendLogEntries([normalizeLogEntry(frame.data || {}, frame.timestamp)]);
    return;
  }
  if (consumeHelpResult(frame)) return;
  handleChatEvent(frame);
  if (frame.session_id !== chatStore.get().sessionId) return;
  // Titles and message counts change on the engine side as a turn ends.
  if (frame.type === "response_complete") refreshSessionsSoon();
  if (frame.type === "command_result") followCommandAction(frame.data);
}

let refreshTimer = 0;
function refreshSessionsSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(loadSessions, 300);
}

function followRoute() {
  const { route } = routeStore.get();
  if (route.view !== "chat") return;
  if (route.sessionId !== chatStore.get().sessionId || !route.sessionId) {
    openSession(route.sessionId).then(() => requestCommands(route.sessionId));
  }
}

let started = false;

function connect() {
  startConnection({
    onEvent: dispatch,
    onOpen: ({ reconnected }) => {
      requestCommands(chatStore.get().sessionId);
      if (reconnected) {
        resync();
        loadSessions();
      }
    },
  });
}

/** Runs once the engine accepts us (no auth needed, or after login). A second call (a login asked for after
 * start, e.g. to get a control key on a password-protected localhost engine) only reconnects. */
export function startApp() {
  appStore.set({ auth: "ok" });
  if (started) {
    connect();
    return;
  }
  started = true;
  connect();
  loadSessions();
  routeStore.subscribe(followRoute);
  followRoute();
}

export async function bootstrap() {
  startTitleUpdates();
  if (loggedInBefore()) appStore.set({ authUsed: true });
  try {
    const status = await api.status();
    appStore.set({ status });
  } catch (error) {
    if (error.status === 401) return; // api.js has switched the app to the login page
  }
  startApp();
}

const AUTH_FLAG = "parapet.loggedIn";

export function afterLogin() {
  try {
    localStorage.setItem(AUTH_FLAG, "1");
  } catch {
    // storage may be disabled; "Log out" then shows only until the next reload
  }
  appStore.set({ auth: "ok", authUsed: true });
  startApp();
}

/** This browser logged in before (so it can log out), as far as this tab can know. */
export function loggedInBefore() {
  try {
    return localStorage.getItem(AUTH_FLAG) === "1";
  } catch {
    return false;
  }
}

export function forgetLogin() {
  try {
    localStorage.removeItem(AUTH_FLAG);
  } catch {
    // nothing stored
  }
}
