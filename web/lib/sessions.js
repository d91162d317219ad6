// Session list operations; OTR sessions are kept locally too because the engine never persists them.
import { api } from "./api.js";
import { appStore } from "./app_store.js";

const localOtr = new Map();

function byRecent(a, b) {
  return (Number(b.updated_at ?? b.created_at) || 0) - (Number(a.updated_at ?? a.created_at) || 0);
}

function merge(serverSessions) {
  const list = Array.isArray(serverSessions) ? serverSessions.filter((s) => s && s.id) : [];
  const known = new Set(list.map((s) => s.id));
  const extra = [...localOtr.values()].filter((s) => !known.has(s.id));
  return [...extra.sort(byRecent), ...list];
}

export async function loadSessions() {
  try {
    const sessions = await api.listSessions();
    appStore.set({ sessions: merge(sessions), sessionsLoaded: true, sessionsError: "" });
  } catch (error) {
    appStore.set({ sessionsLoaded: true, sessionsError: error.message });
  }
}

export async function createSession(mode = "normal") {
  const session = await api.createSession(mode);
  if (session?.mode === "otr" || mode === "otr") localOtr.set(session.id, { ...session, mode: "otr" });
  const rest = appStore.get().sessions.filter((s) => s.id !== session.id);
  appStore.set({ sessions: [{ ...session, mode: session.mode || mode }, ...rest] });
  return session;
}

/** Keeps an OTR session created elsewhere (e.g. by /otr) in the list; the engine does not list them. */
export function rememberOtr(session) {
  if (session?.id) localOtr.set(session.id, session);
}

export async function renameSession(id, title) {
  await api.renameSession(id, title);
  if (localOtr.has(id)) localOtr.set(id, { ...localOtr.get(id), title });
  appStore.set({ sessions: appStore.get().sessions.map((s) => (s.id === id ? { ...s, title } : s)) });
}

export async function deleteSession(id) {
  await api.deleteSession(id);
  localOtr.delete(id);
  appStore.set({ sessions: appStore.get().sessions.filter((s) => s.id !== id) });
}

/** Marks a session as just used so it moves to the top without a refetch. */
export function touchSession(id, patch = {}) {
  const sessions = appStore.get().sessions;
  const current = sessions.find((s) => s.id === id);
  if (!current) return;
  const updated = { ...current, ...patch, updated_at: Date.now() };
  if (localOtr.has(id)) localOtr.set(id, updated);
  appStore.set({ sessions: [updated, ...sessions.filter((s) => s.id !== id)] });
}

export function sessionLabel(session) {
  return session?.title?.trim() || (session?.mode === "otr" ? "Off-the-record chat" : "New chat");
}
