/** Calendars merged or subscribed from an outside feed (round 50): a calendar tool that imports, subscribes to, merges
 * or syncs a feed (`webcal://`, an `.ics` URL) from a host that is neither a known calendar publisher, an allowed
 * host nor the user's organisation. Every event of the feed lands in the user's own calendar, where an assistant later
 * reads its titles and descriptions as the user's plans: invitation injection ("Invitation Is All You Need",
 * SafeBreach 2025; the Gemini calendar injection reports). A feed from Google, Microsoft or Apple's calendar hosts, or
 * a local `.ics` file, passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { configuredDomains } from "./recipient_classes.ts";

const CALENDAR_WORDS = new Set([
  "calendar",
  "calendars",
  "calendarlist",
  "cal",
  "gcal",
  "ics",
  "ical",
  "icalendar",
  "webcal",
  "caldav",
]);
/** Words that take a whole feed in; `add` and `insert` only with a URL that reads as a feed. */
const IMPORT_WORDS = new Set(["import", "subscribe", "subscription", "merge", "sync", "feed", "follow"]);
const ADD_WORDS = new Set(["add", "insert"]);
/** Words of tools that make one event: a meeting link in its fields is no feed. */
const EVENT_WORDS = new Set([
  "event",
  "events",
  "meeting",
  "meetings",
  "invite",
  "invitation",
  "appointment",
]);
const FEED_SHAPE = /^webcals?:|\bics\b|\.ics\b|\bical\b|icalendar/i;
/** Hosts that publish calendars people subscribe to (holidays, shared team calendars). */
const CALENDAR_PUBLISHERS =
  /(?:^|\.)(?:google\.com|googleusercontent\.com|office365\.com|outlook\.com|live\.com|office\.com|icloud\.com|apple\.com|yahoo\.com|fastmail\.com|proton\.me|zoho\.com)$/;
const FEED = /^(?:webcals?|https?):\/\/[^\s]+$/i;

function feedUrls(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const value of Object.values(payload).slice(0, 32)) {
    const inner = value && typeof value === "object" && !Array.isArray(value)
      ? Object.values(value as Record<string, unknown>).slice(0, 16)
      : [value];
    for (const item of inner) {
      if (typeof item === "string" && item.length < 2048 && FEED.test(item)) found.push(item);
    }
  }
  return found;
}

export function judgeCalendarFeeds(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!words.some((word) => CALENDAR_WORDS.has(word)) || words.some((word) => EVENT_WORDS.has(word))) return;
  const imports = words.some((word) => IMPORT_WORDS.has(word));
  if (!imports && !words.some((word) => ADD_WORDS.has(word))) return;
  const own = configuredDomains(environment);
  for (const url of feedUrls(payload)) {
    if (!imports && !FEED_SHAPE.test(url)) continue;
    const host = readHost(url.replace(/^webcals?:/i, "https:"), environment);
    if (!host || host.allowed || host.loopback || CALENDAR_PUBLISHERS.test(host.host)) continue;
    if ([...own].some((domain) => host.host === domain || host.host.endsWith(`.${domain}`))) continue;
    findings.escalate(
      "write",
      `"${tool}" merges events from "${host.host}", a feed nobody vouches for, into the user's calendar`,
    );
    return;
  }
}
