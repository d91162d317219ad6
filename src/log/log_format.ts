/** How a log entry reads on a terminal: time, level, message, then the event name and short fields. */
import type { LogEntry } from "./logger.ts";
import { PLAIN_STYLE, type TerminalStyle } from "../lib/terminal_style.ts";

const MAX_FIELD = 80;

export function formatLogLine(entry: LogEntry, style: TerminalStyle = PLAIN_STYLE): string {
  const time = new Date(entry.ts).toTimeString().slice(0, 8);
  const level = entry.level.toUpperCase().padEnd(5);
  const colour = entry.level === "error" ? style.red : entry.level === "warn" ? style.yellow : style.dim;
  const fields = Object.entries(entry.fields)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${shortValue(value)}`);
  const detail = [entry.event, ...fields].join(" ");
  return `${style.dim(time)} ${colour(level)} ${entry.message}  ${style.dim(detail)}`;
}

function shortValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  const flat = text.replace(/\s+/g, " ");
  const quoted = /[\s=]/.test(flat) ? JSON.stringify(flat) : flat;
  return quoted.length > MAX_FIELD ? `${quoted.slice(0, MAX_FIELD - 1)}\u2026` : quoted;
}
