// Hash routing: #/chat/ID, #/console/logs|audit|metrics|status, #/settings, #/memory.
import { createStore } from "./store.js";

export const CONSOLE_TABS = ["logs", "audit", "metrics", "status"];

export function parseHash(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [view, arg] = parts;
  if (view === "console") return { view: "console", tab: CONSOLE_TABS.includes(arg) ? arg : "logs" };
  if (view === "settings") return { view: "settings" };
  if (view === "memory") return { view: "memory", file: arg || "MEMORY.md" };
  if (view === "chat" && arg) return { view: "chat", sessionId: arg };
  return { view: "chat", sessionId: "" };
}

export const routeStore = createStore({ route: parseHash(location.hash) });

addEventListener("hashchange", () => routeStore.set({ route: parseHash(location.hash) }));

export function navigate(hash) {
  if (location.hash !== hash) location.hash = hash;
}

export function chatHash(sessionId) {
  return sessionId ? `#/chat/${encodeURIComponent(sessionId)}` : "#/";
}
