// The one WebSocket to the engine: its URL follows the active session, and its state is shown in the UI.
import { api } from "./api.js";
import { appStore } from "./app_store.js";
import { ReconnectingSocket } from "./reconnecting_socket.js";

let socket = null;

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const sessionId = appStore.get().activeSessionId;
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : "";
  return `${scheme}//${location.host}/api/ws${query}`;
}

async function canConnect() {
  try {
    const status = await api.status();
    appStore.set({ status, auth: "ok" });
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
  return socket ? socket.send(frame) : false;
}

export function reconnectNow() {
  socket?.retryNow();
}
