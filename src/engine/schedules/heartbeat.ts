/** HEARTBEAT.md: a list of checks the agent runs on a heartbeat. Each list item may start with when it is due:
 *   - [every 2h] Check the disk usage        (also m, h, d)
 *   - [cron 0 9 * * 1-5] Summarise the open pull requests
 *   - Check the build                        (every heartbeat)
 * Reading the file and deciding what is due needs no LLM; a turn starts only when some item is due. */
import { createHash } from "node:crypto";
import { nextCronRun, previousCronRun } from "./schedule_time.ts";

export interface HeartbeatItem {
  text: string;
  /** Due at most this often (ms); undefined with `cron` or for an every-heartbeat item. */
  everyMs?: number;
  cron?: string;
  /** Stable key of the item's line, for its last-run time. */
  hash: string;
}

export interface HeartbeatParse {
  items: HeartbeatItem[];
  /** Lines that looked like items but could not be read (told to the log, never run). */
  problems: string[];
}

const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+?)\s*$/;
const EVERY = /^\[every\s+(\d+)\s*(m|min|minutes?|h|hours?|d|days?)\]\s*(.+)$/i;
const CRON = /^\[cron\s+([^\]]+)\]\s*(.+)$/i;
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_ITEMS = 50;
const MAX_ITEM_CHARS = 2000;

export function parseHeartbeat(markdown: string, timezone: string): HeartbeatParse {
  const items: HeartbeatItem[] = [];
  const problems: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : ITEM.exec(line);
    if (!match || items.length >= MAX_ITEMS) continue;
    const body = match[1].slice(0, MAX_ITEM_CHARS);
    const every = EVERY.exec(body);
    const cron = CRON.exec(body);
    if (every) {
      const ms = Number(every[1]) * UNIT_MS[every[2][0].toLowerCase()];
      if (ms > 0) items.push({ text: every[3], everyMs: ms, hash: hashOf(body) });
      else problems.push(`"${body}": the interval must be at least 1`);
    } else if (cron) {
      try {
        // Throws on a malformed expression; the reference time does not matter.
        nextCronRun(cron[1].trim(), timezone, 0);
        items.push({ text: cron[2], cron: cron[1].trim(), hash: hashOf(body) });
      } catch (error) {
        problems.push(`"${body}": ${(error as Error).message}`);
      }
    } else if (!/^\[/.test(body)) {
      items.push({ text: body, hash: hashOf(body) });
    } else {
      problems.push(`"${body}": unknown timing; use [every 2h] or [cron 0 9 * * *]`);
    }
  }
  return { items, problems };
}

/**
 * Items due at `now`. An every-heartbeat item is due once per heartbeat; `[every]` once its interval has passed
 * since its last run; `[cron]` when an occurrence fell after its last run (an item never run counts from one
 * heartbeat ago, so adding a line does not fire at once for a time long past).
 */
export function dueItems(
  items: HeartbeatItem[],
  lastRun: (hash: string) => number | undefined,
  now: number,
  heartbeatMs: number,
  timezone: string,
): HeartbeatItem[] {
  // A little slack, so a heartbeat that fires a few ms early does not skip an item for a whole interval.
  const slack = Math.min(60_000, heartbeatMs * 0.05);
  return items.filter((item) => {
    const last = lastRun(item.hash);
    if (item.cron) {
      const occurrence = previousCronRun(item.cron, timezone, now);
      return occurrence !== undefined && occurrence > (last ?? now - heartbeatMs);
    }
    if (last === undefined) return true;
    return now - last + slack >= (item.everyMs ?? heartbeatMs);
  });
}

function hashOf(text: string): string {
  return createHash("sha256").update(text.trim().replace(/\s+/g, " ")).digest("hex").slice(0, 32);
}
