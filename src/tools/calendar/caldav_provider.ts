/** CalDAV through tsdav: the account (principal and calendar home) discovered once, calendars listed per call,
 * events as one `.ics` object each whose file name is the event id. Changes use If-Match on the object's ETag, so
 * an event changed meanwhile by another client is never overwritten. */
import {
  createAccount,
  createCalendarObject,
  type DAVAccount,
  type DAVCalendar,
  type DAVCalendarObject,
  deleteCalendarObject,
  fetchCalendarObjects,
  fetchCalendars,
  getBasicAuthHeaders,
  updateCalendarObject,
} from "tsdav";
import { ToolError } from "../../lib/errors.ts";
import type { CalendarProvider } from "./calendar_provider.ts";
import type { CalendarEvent, EventChanges, EventDraft, TimeRange } from "./calendar_event.ts";
import { boundedFetch, type CalendarHttpOptions, readCapped } from "./calendar_http.ts";
import { calendarObject, changedObject, eventsOf } from "./ical_events.ts";

export interface CalDavSettings {
  url: string;
  username: string;
  password: string;
  /** calendar.calendar_id: a calendar's display name, URL or path; default the first that holds events. */
  calendar?: string;
  /** Organizer address written on invitations. */
  organizer?: string;
  timeoutSeconds?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const EVENT_ID = /^[A-Za-z0-9][A-Za-z0-9._@%+-]{0,199}$/;

export function createCalDavProvider(settings: CalDavSettings): CalendarProvider {
  const http: CalendarHttpOptions = {
    label: `CalDAV server "${hostOf(settings.url)}"`,
    timeoutSeconds: settings.timeoutSeconds ?? 30,
    fetch: settings.fetch,
    loginHint: "calendar.caldav_username and calendar.caldav_password",
  };
  const headers = getBasicAuthHeaders({ username: settings.username, password: settings.password });
  const now = () => new Date(settings.now?.() ?? Date.now());
  let account: DAVAccount | undefined;

  const accountFor = async (fetch: typeof globalThis.fetch): Promise<DAVAccount> => {
    if (account) return account;
    const found = await createAccount({
      account: {
        serverUrl: settings.url,
        accountType: "caldav",
        credentials: { username: settings.username },
      },
      headers,
      fetch,
    }).catch((error) => {
      if (error instanceof ToolError) throw error;
      throw new ToolError(
        `${http.label} has no calendar home for "${settings.username}": ${(error as Error).message}`,
      );
    });
    account = found;
    return found;
  };
  const calendarsOf = async (fetch: typeof globalThis.fetch): Promise<DAVCalendar[]> => {
    const all = await fetchCalendars({ account: await accountFor(fetch), headers, fetch });
    return all.filter((calendar) => !calendar.components || calendar.components.includes("VEVENT"));
  };
  const pick = async (fetch: typeof globalThis.fetch, wanted = settings.calendar): Promise<DAVCalendar> => {
    const calendars = await calendarsOf(fetch);
    if (calendars.length === 0) {
      throw new ToolError(`${http.label} has no calendar for "${settings.username}"`);
    }
    if (!wanted) return calendars[0];
    const found = calendars.find((calendar) =>
      nameOf(calendar) === wanted || calendar.url === wanted || new URL(calendar.url).pathname === wanted
    );
    if (!found) {
      throw new ToolError(
        `No calendar "${wanted}": calendars are ${calendars.map((c) => `"${nameOf(c)}"`).join(", ")}`,
      );
    }
    return found;
  };
  const objectOf = async (fetch: typeof globalThis.fetch, calendar: DAVCalendar, id: string) => {
    if (!EVENT_ID.test(id) || id === "." || id === "..") {
      throw new ToolError(`Invalid event id "${id.slice(0, 80)}"`);
    }
    const url = new URL(encodeURIComponent(id), calendar.url).href;
    const found = await fetchCalendarObjects({ calendar, objectUrls: [url], headers, fetch }).catch(
      (error) => {
        // A multiget naming a missing object is answered 404 by some servers (Radicale), 207 without data by others.
        if (error instanceof ToolError || !/\b404\b/.test(String((error as Error).message))) throw error;
        return [];
      },
    );
    const object = found.find((item) => item.data);
    if (!object) throw new ToolError(`No event "${id}" in calendar "${nameOf(calendar)}"`);
    return object as DAVCalendarObject & { data: string };
  };

  return {
    label: http.label,
    hosts: [new URL(settings.url).hostname],
    async listCalendars(signal) {
      const calendars = await calendarsOf(boundedFetch(http, signal));
      return calendars.map((calendar, index) => ({
        id: nameOf(calendar),
        name: nameOf(calendar),
        primary: index === 0,
      }));
    },
    async listEvents(range: TimeRange, limit, wanted, signal) {
      const fetch = boundedFetch(http, signal);
      const calendar = await pick(fetch, wanted);
      const objects = await fetchCalendarObjects({
        calendar,
        timeRange: { start: range.from, end: range.to },
        headers,
        fetch,
      });
      const events = objects.flatMap((object) =>
        object.data ? eventsOf(object.data, fileOf(object.url), range) : []
      );
      return events.sort((a, b) => sortKey(a).localeCompare(sortKey(b))).slice(0, limit);
    },
    async getEvent(id, wanted, signal) {
      const fetch = boundedFetch(http, signal);
      const object = await objectOf(fetch, await pick(fetch, wanted), id);
      return eventsOf(object.data, id)[0];
    },
    async createEvent(draft: EventDraft, wanted, signal) {
      const fetch = boundedFetch(http, signal);
      const calendar = await pick(fetch, wanted);
      const uid = crypto.randomUUID();
      const data = calendarObject(uid, draft, settings.organizer, now());
      const response = await createCalendarObject({
        calendar,
        filename: `${uid}.ics`,
        iCalString: data,
        headers,
        fetch,
      });
      await expectSuccess(response, http, "create the event");
      return eventsOf(data, `${uid}.ics`)[0];
    },
    async updateEvent(id, changes: EventChanges, wanted, signal) {
      const fetch = boundedFetch(http, signal);
      const object = await objectOf(fetch, await pick(fetch, wanted), id);
      const data = changedObject(object.data, changes, now());
      const response = await updateCalendarObject({ calendarObject: { ...object, data }, headers, fetch });
      await expectSuccess(response, http, `update event "${id}"`);
      return eventsOf(data, id)[0];
    },
    async deleteEvent(id, wanted, signal) {
      const fetch = boundedFetch(http, signal);
      const object = await objectOf(fetch, await pick(fetch, wanted), id);
      const response = await deleteCalendarObject({ calendarObject: object, headers, fetch });
      await expectSuccess(response, http, `delete event "${id}"`);
    },
  };
}

async function expectSuccess(response: Response, http: CalendarHttpOptions, what: string): Promise<void> {
  const body = await readCapped(response).catch(() => "");
  if (response.ok) return;
  if (response.status === 412) {
    throw new ToolError(`Cannot ${what}: it was changed by someone else meanwhile; read it again first`);
  }
  throw new ToolError(
    `${http.label} could not ${what}: HTTP ${response.status} ${body.slice(0, 200).trim()}`,
  );
}

function nameOf(calendar: DAVCalendar): string {
  const name = typeof calendar.displayName === "string" ? calendar.displayName : "";
  return name ||
    decodeURIComponent(new URL(calendar.url).pathname.split("/").filter(Boolean).pop() ?? calendar.url);
}

function fileOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? url);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function sortKey(event: CalendarEvent): string {
  return event.allDay ? `${event.start}T00:00:00Z` : event.start;
}
