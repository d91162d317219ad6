/** What a calendar backend offers the tools. One implementation per provider: CalDAV, Google, Microsoft. */
import type { CalendarEvent, CalendarInfo, EventChanges, EventDraft, TimeRange } from "./calendar_event.ts";

export interface CalendarProvider {
  /** Shown in messages: "CalDAV server \"...\"", "Google Calendar". */
  readonly label: string;
  /** Host names the calls reach, for IFC taint. */
  readonly hosts: string[];
  listCalendars(signal: AbortSignal): Promise<CalendarInfo[]>;
  listEvents(
    range: TimeRange,
    limit: number,
    calendar: string | undefined,
    signal: AbortSignal,
  ): Promise<CalendarEvent[]>;
  /** Throws a ToolError naming the id when there is no such event. */
  getEvent(id: string, calendar: string | undefined, signal: AbortSignal): Promise<CalendarEvent>;
  createEvent(draft: EventDraft, calendar: string | undefined, signal: AbortSignal): Promise<CalendarEvent>;
  updateEvent(
    id: string,
    changes: EventChanges,
    calendar: string | undefined,
    signal: AbortSignal,
  ): Promise<CalendarEvent>;
  deleteEvent(id: string, calendar: string | undefined, signal: AbortSignal): Promise<void>;
}
