// The one WebSocket to the engine: its URL follows the active session, and its state is shown in the UI.
// Each connection gets a fresh control key, which commands and approval answers must carry.
import { api } from "./api.js";
import { appStore } from "./app_store.js";
import { ReconnectingSocket } from "./reconnecting_socket.js";

let socket = null;
/** Kept in memory only: never in storage, where another tab's script or a file reader could find it. */
let controlKey = "";

const KEYED_FRAMES = new Set(["command", "tier3_decision"]);

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams();
  const sessionId = appStore.get().activeSessionId;
  if (sessionId) params.set("session_id", sessionId);
  if (controlKey) params.set("key", controlKey);
  const query = params.toString();
  return `${scheme}//${location.host}/api/ws${query ? `?${query}` : ""}`;
}

async function canConnect() {
  try {
    const status = await api.status();
    appStore.set({ status, auth: "ok" });
    // A key is good for one connection: every (re)connect asks for a new one.
    controlKey = (await api.controlKey()).key;
    return true;
  } catch (error) {
    if (error.status === 401) return false;
    throw error;
  }
}

/** handlers: onEvent(frame), onOpen({reconnected}). */
export function startConnection(handlers) {
  stopConnection();
  socket = new ReconnectingSocket({
    url: socketUrl,
    canConnect,
    onEvent: handlers.onEvent,
    onOpen: handlers.onOpen,
    onState: (connection, info) => {
      appStore.set({ connection, reconnectInSecs: Math.round((info.delayMs || 0) / 1000) });
    },
    pingFrame: () => {
      const sessionId = appStore.get().activeSessionId;
      return sessionId ? { type: "ping", session_id: sessionId } : { type: "ping" };
    },
  });
  socket.start();
}

export function stopConnection() {
  socket?.stop();
  socket = null;
}

export function sendFrame(frame) {
  if (!socket) return false;
  return socket.send(KEYED_FRAMES.has(frame.type) ? { ...frame, key: controlKey } : frame);
}

export function reconnectNow() {
  socket?.retryNow();
}
