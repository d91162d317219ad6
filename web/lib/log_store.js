// Live engine log entries from `log_entry` events (all sessions), kept as a bounded ring.
import { createStore } from "./store.js";

export const MAX_LOG_ENTRIES = 2000;
export const logStore = createStore({ entries: [] });

let seq = 0;

export function normalizeLogEntry(raw, fallbackTs) {
  seq += 1;
  return {
    id: seq,
    ts: raw.ts ?? raw.timestamp ?? fallbackTs ?? Date.now(),
    level: String(raw.level || "info").toLowerCase(),
    event: String(raw.event || ""),
    message: String(raw.message ?? raw.msg ?? ""),
    fields: raw.fields && typeof raw.fields === "object" ? raw.fields : {},
  };
}

export function appendLogEntries(entries) {
  const next = logStore.get().entries.concat(entries);
  logStore.set({ entries: next.length > MAX_LOG_ENTRIES ? next.slice(next.length - MAX_LOG_ENTRIES) : next });
}

export function logEntryKey(entry) {
  return `${entry.ts}|${entry.level}|${entry.event}|${entry.message}`;
}
