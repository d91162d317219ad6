/** iCalendar (RFC 5545) for CalDAV with ical.js: VEVENTs read into calendar events (time zones resolved, recurring
 * events expanded inside the asked range) and written from drafts and changes. */
import ICAL from "ical.js";
import type { CalendarEvent, EventChanges, EventDraft, TimeRange } from "./calendar_event.ts";
import { zonedToUtc } from "./time_zones.ts";

const MAX_OCCURRENCES = 200;

/** The events of one calendar object (`id` is its file name); occurrences inside `range` for recurring ones. */
export function eventsOf(data: string, id: string, range?: TimeRange): CalendarEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(data));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const master = vevents.find((vevent) => !vevent.hasProperty("recurrence-id")) ?? vevents[0];
  if (!master) return [];
  const event = new ICAL.Event(master);
  for (const exception of vevents.filter((vevent) => vevent !== master)) event.relateException(exception);
  const zone = tzidOf(master, "dtstart");
  const base = toEvent(event, id);
  if (!event.isRecurring() || !range) return [base];
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const occurrences: CalendarEvent[] = [];
  const iterator = event.iterator();
  for (let count = 0, next = iterator.next(); next && count < 5000; count++, next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    const start = instant(details.startDate, zone);
    const end = instant(details.endDate, zone);
    if (Date.parse(start) >= to) break;
    if (Date.parse(end) <= from) continue;
    occurrences.push({ ...toEvent(details.item, id), start, end });
    if (occurrences.length >= MAX_OCCURRENCES) break;
  }
  return occurrences;
}

/** A new VCALENDAR holding one VEVENT. */
export function calendarObject(
  uid: string,
  draft: EventDraft,
  organizer: string | undefined,
  now: Date,
): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//Parapet//Calendar tools//EN");
  calendar.updatePropertyWithValue("version", "2.0");
  const vevent = new ICAL.Component("vevent");
  vevent.updatePropertyWithValue("uid", uid);
  vevent.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  vevent.updatePropertyWithValue("sequence", 0);
  if (organizer && draft.attendees.length) vevent.updatePropertyWithValue("organizer", `mailto:${organizer}`);
  calendar.addSubcomponent(vevent);
  applyToVevent(vevent, draft);
  return calendar.toString();
}

/** The object with `changes` applied to its main VEVENT; SEQUENCE raised so attendees see an update. */
export function changedObject(data: string, changes: EventChanges, now: Date): string {
  const calendar = new ICAL.Component(ICAL.parse(data));
  const vevents = calendar.getAllSubcomponents("vevent");
  const master = vevents.find((vevent) => !vevent.hasProperty("recurrence-id")) ?? vevents[0];
  if (!master) throw new Error("the calendar object holds no event");
  applyToVevent(master, changes);
  master.updatePropertyWithValue("sequence", Number(master.getFirstPropertyValue("sequence") ?? 0) + 1);
  master.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  master.updatePropertyWithValue("last-modified", ICAL.Time.fromJSDate(now, true));
  return calendar.toString();
}

function applyToVevent(vevent: ICAL.Component, changes: EventChanges): void {
  if (changes.title !== undefined) vevent.updatePropertyWithValue("summary", changes.title);
  if (changes.start !== undefined) setTime(vevent, "dtstart", changes.start);
  if (changes.end !== undefined) setTime(vevent, "dtend", changes.end);
  for (const [key, name] of [["location", "location"], ["description", "description"]] as const) {
    const value = changes[key];
    if (value === undefined) continue;
    if (value === "") vevent.removeAllProperties(name);
    else vevent.updatePropertyWithValue(name, value);
  }
  if (changes.attendees !== undefined) setAttendees(vevent, changes.attendees);
}

function setTime(vevent: ICAL.Component, name: string, value: string): void {
  vevent.removeAllProperties(name);
  const time = value.length === 10
    ? ICAL.Time.fromDateString(value)
    : ICAL.Time.fromJSDate(new Date(value), true);
  vevent.addPropertyWithValue(name, time);
}

/** Attendees already invited keep their answer (PARTSTAT); new ones are asked to reply. */
function setAttendees(vevent: ICAL.Component, attendees: string[]): void {
  const existing = new Map(
    vevent.getAllProperties("attendee").map((
      property,
    ) => [mailto(String(property.getFirstValue())), property]),
  );
  vevent.removeAllProperties("attendee");
  for (const address of attendees) {
    const kept = existing.get(address);
    if (kept) {
      vevent.addProperty(kept);
      continue;
    }
    const property = new ICAL.Property("attendee");
    property.setValue(`mailto:${address}`);
    property.setParameter("role", "REQ-PARTICIPANT");
    property.setParameter("partstat", "NEEDS-ACTION");
    property.setParameter("rsvp", "TRUE");
    vevent.addProperty(property);
  }
}

function toEvent(event: ICAL.Event, id: string): CalendarEvent {
  const start = event.startDate;
  const end = event.endDate ?? start;
  const recurrence = event.component.getFirstPropertyValue("rrule");
  const organizer = event.component.getFirstPropertyValue("organizer");
  return {
    id,
    title: event.summary ?? "",
    start: instant(start, tzidOf(event.component, "dtstart")),
    end: instant(end, tzidOf(event.component, "dtend") ?? tzidOf(event.component, "dtstart")),
    allDay: start.isDate,
    location: event.location || undefined,
    description: event.description || undefined,
    attendees: event.attendees.map((attendee) => mailto(String(attendee.getFirstValue()))),
    organizer: organizer ? mailto(String(organizer)) : undefined,
    recurrence: recurrence ? String(recurrence) : undefined,
  };
}

/** A date as YYYY-MM-DD; a time as UTC ISO. A TZID ical.js does not know (no VTIMEZONE sent) is looked up in the
 * runtime's IANA data; a floating time is read as UTC. */
function instant(time: ICAL.Time, tzid: string | undefined): string {
  if (time.isDate) return time.toString().slice(0, 10);
  const zone = time.zone?.tzid;
  if (zone && zone !== "floating") return time.toJSDate().toISOString().replace(".000Z", "Z");
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  return zonedToUtc(wall, tzid).toISOString().replace(".000Z", "Z");
}

function tzidOf(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : undefined;
}

function mailto(value: string): string {
  return value.replace(/^mailto:/i, "").toLowerCase();
}
