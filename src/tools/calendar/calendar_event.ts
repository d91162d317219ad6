/** The calendar model every provider maps to: events with ISO times and attendee addresses, and the checks on the
 * times and addresses the model gives. */
import { ToolError } from "../../lib/errors.ts";
import { addressOf } from "../email/mail_addresses.ts";

export interface CalendarInfo {
  id: string;
  name: string;
  primary?: boolean;
}

export interface CalendarEvent {
  id: string;
  title: string;
  /** ISO 8601 with offset (UTC) for timed events, YYYY-MM-DD for all-day ones. */
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  description?: string;
  attendees: string[];
  organizer?: string;
  /** A recurrence rule, e.g. FREQ=WEEKLY;BYDAY=MO. */
  recurrence?: string;
}

/** What create_event asks for, already checked. */
export interface EventDraft {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  description?: string;
  attendees: string[];
}

export type EventChanges = Partial<EventDraft>;

export interface TimeRange {
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A timed value becomes UTC ISO; a date stays a date. A time without a zone is refused: it would be a guess. */
export function parseTime(value: string, field: string): { value: string; allDay: boolean } {
  const text = value.trim();
  if (DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { value: text, allDay: true };
  if (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) {
    return { value: new Date(text).toISOString().replace(".000Z", "Z"), allDay: false };
  }
  throw new ToolError(
    `Invalid ${field} "${value.slice(0, 60)}": give a date (2030-01-31) or a time with its zone ` +
      "(2030-01-31T14:00:00+01:00 or 2030-01-31T13:00:00Z)",
  );
}

/** Start and end of a new event: end defaults to one hour later (one day for all-day events). */
export function eventSpan(
  start: string,
  end: string | undefined,
  durationMinutes: number | undefined,
): { start: string; end: string; allDay: boolean } {
  const begin = parseTime(start, "start");
  if (end !== undefined) {
    const finish = parseTime(end, "end");
    if (finish.allDay !== begin.allDay) {
      throw new ToolError("Invalid end: start and end must both be dates or both be times");
    }
    if (
      Date.parse(finish.value) < Date.parse(begin.value) || (!begin.allDay && finish.value === begin.value)
    ) {
      throw new ToolError(`Invalid end "${end}": it is not after the start`);
    }
    return { start: begin.value, end: finish.value, allDay: begin.allDay };
  }
  const minutes = durationMinutes ?? (begin.allDay ? 24 * 60 : 60);
  const finish = new Date(
    Date.parse(begin.allDay ? `${begin.value}T00:00:00Z` : begin.value) + minutes * 60_000,
  );
  return {
    start: begin.value,
    end: begin.allDay ? finish.toISOString().slice(0, 10) : finish.toISOString().replace(".000Z", "Z"),
    allDay: begin.allDay,
  };
}

/** Attendees as bare lower-case addresses; a bad one is named. */
export function parseAttendees(values: string[] | undefined): string[] {
  const addresses = (values ?? []).map((value) => {
    const address = addressOf(value);
    if (!address) throw new ToolError(`Invalid attendee "${value.slice(0, 200)}": expected an email address`);
    return address.toLowerCase();
  });
  if (addresses.length > 100) throw new ToolError(`Too many attendees: ${addresses.length} (at most 100)`);
  return [...new Set(addresses)];
}

/** `from`/`to` of read_calendar: default the coming seven days, at most a year. */
export function timeRange(from: string | undefined, to: string | undefined, now: number): TimeRange {
  const start = from ? Date.parse(toInstant(parseTime(from, "from").value)) : now;
  const end = to ? Date.parse(toInstant(parseTime(to, "to").value)) : start + 7 * 86_400_000;
  if (end <= start) throw new ToolError(`Invalid to "${to}": it is not after from`);
  if (end - start > 366 * 86_400_000) throw new ToolError("Invalid range: at most 366 days at once");
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

function toInstant(value: string): string {
  return DATE.test(value) ? `${value}T00:00:00Z` : value;
}
