/** Calendar output for the model: events one per line (titles, places and descriptions are written by whoever sent
 * the invitation, so all of it is fenced untrusted data). */
import { cleanHeader, untrustedBlock } from "../untrusted_text.ts";
import type { CalendarEvent, CalendarInfo, TimeRange } from "./calendar_event.ts";

const MAX_DESCRIPTION_CHARS = 500;

export function formatEvents(events: CalendarEvent[], range: TimeRange, label: string): string {
  const heading = `${events.length} event(s) in ${label} from ${range.from} to ${range.to}:`;
  if (events.length === 0) return `${heading}\n(no events)`;
  const lines = events.map((event) => {
    const parts = [
      `id ${event.id}`,
      `${event.start} to ${event.end}${event.allDay ? " (all day)" : ""}`,
      cleanHeader(event.title || "(no title)", 200),
    ];
    if (event.location) parts.push(`at ${cleanHeader(event.location, 200)}`);
    if (event.organizer) parts.push(`organizer ${event.organizer}`);
    if (event.attendees.length) parts.push(`attendees ${event.attendees.slice(0, 30).join(", ")}`);
    if (event.recurrence) parts.push(`repeats ${cleanHeader(event.recurrence, 120)}`);
    const line = parts.join(" | ");
    return event.description ? `${line}\n  ${cleanHeader(event.description, MAX_DESCRIPTION_CHARS)}` : line;
  });
  return `${heading}\n${
    untrustedBlock({ source: "calendar", body: lines.join("\n") }, { maxBodyChars: 60_000 })
  }`;
}

export function formatCalendars(calendars: CalendarInfo[]): string {
  if (calendars.length === 0) return "No calendars";
  const lines = calendars.map((calendar) =>
    `${cleanHeader(calendar.name || calendar.id, 200)} (id ${cleanHeader(calendar.id, 300)})` +
    (calendar.primary ? " - default" : "")
  );
  return `${calendars.length} calendar(s):\n${
    untrustedBlock({ source: "calendar list", body: lines.join("\n") })
  }`;
}
