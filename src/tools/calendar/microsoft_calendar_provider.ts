/** Microsoft Graph calendars over REST: the default calendar or calendar.calendar_id, times asked in UTC
 * (Prefer: outlook.timezone), recurring events expanded by calendarView; Exchange sends the invitations. */
import type { CalendarProvider } from "./calendar_provider.ts";
import type { CalendarEvent, EventChanges, EventDraft } from "./calendar_event.ts";
import type { CalendarHttpOptions } from "./calendar_http.ts";
import { asRecord, asString, checkedEventId, type RestAuth, restCaller } from "./rest_client.ts";

export interface MicrosoftCalendarSettings {
  /** API root (default https://graph.microsoft.com/v1.0): tests point it at a fake. */
  baseUrl?: string;
  calendarId?: string;
  auth: RestAuth;
  timeoutSeconds?: number;
  fetch?: typeof fetch;
}

const EVENT_ID = /^[A-Za-z0-9_=+\/-]{1,512}$/;
const UTC = { Prefer: 'outlook.timezone="UTC"' };

export function createMicrosoftCalendarProvider(settings: MicrosoftCalendarSettings): CalendarProvider {
  const base = (settings.baseUrl ?? "https://graph.microsoft.com/v1.0").replace(/\/$/, "");
  const http: CalendarHttpOptions = {
    label: "Microsoft Graph",
    timeoutSeconds: settings.timeoutSeconds ?? 30,
    fetch: settings.fetch,
    loginHint: "the Microsoft authorization of calendar.microsoft_account",
  };
  const calendarPath = (calendar?: string) => {
    const id = calendar ?? settings.calendarId;
    return id ? `${base}/me/calendars/${encodeURIComponent(id)}` : `${base}/me/calendar`;
  };
  const eventUrl = (id: string) => `${base}/me/events/${encodeURIComponent(checkedEventId(id, EVENT_ID))}`;
  const call = restCaller(settings.auth, http, {
    missingEvent: (id) => `No event "${id}" in the Microsoft calendar`,
    missingCalendar: "No such Microsoft calendar",
  }, UTC);
  return {
    label: http.label,
    hosts: [new URL(base).hostname],
    async listCalendars(signal) {
      const answer = asRecord(await call("GET", `${base}/me/calendars`, signal));
      const items = Array.isArray(answer.value) ? answer.value.map(asRecord) : [];
      return items.map((item) => ({
        id: asString(item.id) ?? "",
        name: asString(item.name) ?? "",
        primary: item.isDefaultCalendar === true,
      }));
    },
    async listEvents(range, limit, calendar, signal) {
      const query = new URLSearchParams({
        startDateTime: range.from,
        endDateTime: range.to,
        $top: String(limit),
        $orderby: "start/dateTime",
      });
      const answer = asRecord(await call("GET", `${calendarPath(calendar)}/calendarView?${query}`, signal));
      const items = Array.isArray(answer.value) ? answer.value.map(asRecord) : [];
      return items.filter((item) => item.isCancelled !== true).map(fromGraph);
    },
    async getEvent(id, _calendar, signal) {
      return fromGraph(asRecord(await call("GET", eventUrl(id), signal, undefined, id)));
    },
    async createEvent(draft: EventDraft, calendar, signal) {
      return fromGraph(
        asRecord(await call("POST", `${calendarPath(calendar)}/events`, signal, toGraph(draft))),
      );
    },
    async updateEvent(id, changes: EventChanges, _calendar, signal) {
      return fromGraph(asRecord(await call("PATCH", eventUrl(id), signal, toGraph(changes), id)));
    },
    async deleteEvent(id, _calendar, signal) {
      await call("DELETE", eventUrl(id), signal, undefined, id);
    },
  };
}

function toGraph(changes: EventChanges): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (changes.title !== undefined) body.subject = changes.title;
  if (changes.description !== undefined) body.body = { contentType: "text", content: changes.description };
  if (changes.location !== undefined) body.location = { displayName: changes.location };
  if (changes.start !== undefined) body.start = graphTime(changes.start);
  if (changes.end !== undefined) body.end = graphTime(changes.end);
  if (changes.allDay !== undefined) body.isAllDay = changes.allDay;
  if (changes.attendees !== undefined) {
    body.attendees = changes.attendees.map((address) => ({ emailAddress: { address }, type: "required" }));
  }
  return body;
}

function graphTime(value: string): Record<string, string> {
  const dateTime = value.length === 10 ? `${value}T00:00:00` : value.replace(/Z$/, "").replace(/\.\d+$/, "");
  return { dateTime, timeZone: "UTC" };
}

function fromGraph(item: Record<string, unknown>): CalendarEvent {
  const allDay = item.isAllDay === true;
  const time = (value: unknown) => {
    const text = asString(asRecord(value).dateTime) ?? "";
    if (allDay) return text.slice(0, 10);
    const parsed = Date.parse(/Z|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
    return Number.isNaN(parsed) ? text : new Date(parsed).toISOString().replace(".000Z", "Z");
  };
  const body = asRecord(item.body);
  const description = body.contentType === "html"
    ? (asString(body.content) ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim()
    : asString(body.content);
  return {
    id: asString(item.id) ?? "",
    title: asString(item.subject) ?? "",
    start: time(item.start),
    end: time(item.end),
    allDay,
    location: asString(asRecord(item.location).displayName) || undefined,
    description: description || undefined,
    attendees: (Array.isArray(item.attendees) ? item.attendees.map(asRecord) : [])
      .map((attendee) => (asString(asRecord(attendee.emailAddress).address) ?? "").toLowerCase()).filter(
        Boolean,
      ),
    organizer: asString(asRecord(asRecord(item.organizer).emailAddress).address)?.toLowerCase(),
    recurrence: item.recurrence ? JSON.stringify(asRecord(asRecord(item.recurrence).pattern)) : undefined,
  };
}
