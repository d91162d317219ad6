/** Google Calendar API v3 over REST: events of one calendar (calendar.calendar_id, default "primary"), recurring
 * events expanded by the server (singleEvents), invitations sent by Google (sendUpdates=all). */
import type { CalendarProvider } from "./calendar_provider.ts";
import type { CalendarEvent, EventChanges, EventDraft } from "./calendar_event.ts";
import type { CalendarHttpOptions } from "./calendar_http.ts";
import { asRecord, asString, checkedEventId, type RestAuth, restCaller } from "./rest_client.ts";

export interface GoogleCalendarSettings {
  /** API root (default https://www.googleapis.com/calendar/v3): tests point it at a fake. */
  baseUrl?: string;
  calendarId?: string;
  auth: RestAuth;
  timeoutSeconds?: number;
  fetch?: typeof fetch;
}

const EVENT_ID = /^[A-Za-z0-9_@.-]{1,1024}$/;

export function createGoogleCalendarProvider(settings: GoogleCalendarSettings): CalendarProvider {
  const base = (settings.baseUrl ?? "https://www.googleapis.com/calendar/v3").replace(/\/$/, "");
  const http: CalendarHttpOptions = {
    label: "Google Calendar",
    timeoutSeconds: settings.timeoutSeconds ?? 30,
    fetch: settings.fetch,
    loginHint: "the Google authorization of the account",
  };
  const calendarUrl = (calendar?: string) =>
    `${base}/calendars/${encodeURIComponent(calendar ?? settings.calendarId ?? "primary")}`;
  const eventUrl = (id: string, calendar?: string) =>
    `${calendarUrl(calendar)}/events/${encodeURIComponent(checkedEventId(id, EVENT_ID))}`;
  const call = restCaller(settings.auth, http, {
    missingEvent: (id) => `No event "${id}" in Google Calendar`,
    missingCalendar: "No such Google calendar",
  });
  return {
    label: http.label,
    hosts: [new URL(base).hostname],
    async listCalendars(signal) {
      const answer = asRecord(await call("GET", `${base}/users/me/calendarList`, signal));
      const items = Array.isArray(answer.items) ? answer.items.map(asRecord) : [];
      return items.map((item) => ({
        id: asString(item.id) ?? "",
        name: asString(item.summaryOverride) ?? asString(item.summary) ?? "",
        primary: item.primary === true,
      }));
    },
    async listEvents(range, limit, calendar, signal) {
      const query = new URLSearchParams({
        timeMin: range.from,
        timeMax: range.to,
        singleEvents: "true",
        orderBy: "startTime",
        maxResults: String(limit),
      });
      const answer = asRecord(await call("GET", `${calendarUrl(calendar)}/events?${query}`, signal));
      const items = Array.isArray(answer.items) ? answer.items.map(asRecord) : [];
      return items.filter((item) => item.status !== "cancelled").map(fromGoogle);
    },
    async getEvent(id, calendar, signal) {
      return fromGoogle(asRecord(await call("GET", eventUrl(id, calendar), signal, undefined, id)));
    },
    async createEvent(draft: EventDraft, calendar, signal) {
      const url = `${calendarUrl(calendar)}/events?sendUpdates=${draft.attendees.length ? "all" : "none"}`;
      return fromGoogle(asRecord(await call("POST", url, signal, toGoogle(draft))));
    },
    async updateEvent(id, changes: EventChanges, calendar, signal) {
      const url = `${eventUrl(id, calendar)}?sendUpdates=all`;
      return fromGoogle(asRecord(await call("PATCH", url, signal, toGoogle(changes), id)));
    },
    async deleteEvent(id, calendar, signal) {
      await call("DELETE", `${eventUrl(id, calendar)}?sendUpdates=all`, signal, undefined, id);
    },
  };
}

function toGoogle(changes: EventChanges): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (changes.title !== undefined) body.summary = changes.title;
  if (changes.description !== undefined) body.description = changes.description;
  if (changes.location !== undefined) body.location = changes.location;
  if (changes.start !== undefined) body.start = googleTime(changes.start);
  if (changes.end !== undefined) body.end = googleTime(changes.end);
  if (changes.attendees !== undefined) body.attendees = changes.attendees.map((email) => ({ email }));
  return body;
}

function googleTime(value: string): Record<string, string> {
  return value.length === 10 ? { date: value } : { dateTime: value };
}

function fromGoogle(item: Record<string, unknown>): CalendarEvent {
  const start = asRecord(item.start);
  const end = asRecord(item.end);
  const recurrence = Array.isArray(item.recurrence) ? item.recurrence.map(String).join("; ") : undefined;
  return {
    id: asString(item.id) ?? "",
    title: asString(item.summary) ?? "",
    start: asString(start.date) ?? utc(asString(start.dateTime)),
    end: asString(end.date) ?? utc(asString(end.dateTime)),
    allDay: typeof start.date === "string",
    location: asString(item.location),
    description: asString(item.description),
    attendees: (Array.isArray(item.attendees) ? item.attendees.map(asRecord) : [])
      .map((attendee) => (asString(attendee.email) ?? "").toLowerCase()).filter(Boolean),
    organizer: asString(asRecord(item.organizer).email)?.toLowerCase(),
    recurrence: recurrence?.replace(/^RRULE:/, ""),
  };
}

function utc(value: string | undefined): string {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? value ?? "" : new Date(time).toISOString().replace(".000Z", "Z");
}
