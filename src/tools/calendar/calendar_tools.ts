/** The calendar tool group: read_calendar, create_event, update_event, delete_event over one provider. Before Shield
 * judges a change the engine settles who will hear of it: the attendees after the change (for an update or a
 * delete, read from the event). An invitation, update or cancellation reaching an address outside the user's own
 * domains leaves the machine: such calls go at least to Tier 2. */
import { z } from "zod";
import type { AnyTool, ToolDefinition, ToolResult } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import type { CalendarProvider } from "./calendar_provider.ts";
import { eventSpan, parseAttendees, parseTime, timeRange } from "./calendar_event.ts";
import { formatCalendars, formatEvents } from "./event_listing.ts";
import { outsideAttendees } from "./outside_attendees.ts";

export interface CalendarToolOptions {
  /** The configured provider; throws a ToolError when the calendar is not configured. */
  provider: () => Promise<CalendarProvider>;
  /** Domains of the user's own addresses: attendees elsewhere are outside. */
  ownDomains: string[];
  now?: () => number;
}

const calendarArgument = z.string().min(1).max(300).optional()
  .describe("Calendar (name or id); default the configured one");
const attendeesArgument = z.array(z.string().max(320)).max(100).optional()
  .describe("Email addresses to invite (they receive an invitation)");

const readArgs = z.object({
  from: z.string().max(40).optional().describe("Start of the range (date or time with zone; default now)"),
  to: z.string().max(40).optional().describe("End of the range (default seven days after from)"),
  calendar: calendarArgument,
  calendars: z.boolean().optional().describe("List the calendars instead of events"),
  limit: z.number().int().min(1).max(200).optional().describe("Events to show (default 50)"),
});

const createArgs = z.object({
  title: z.string().min(1).max(500),
  start: z.string().max(40).describe(
    "2030-01-31T14:00:00+01:00, or a date (2030-01-31) for an all-day event",
  ),
  end: z.string().max(40).optional().describe("Default: one hour after start (one day for all-day events)"),
  duration_minutes: z.number().int().min(1).max(60 * 24 * 14).optional(),
  location: z.string().max(500).optional(),
  description: z.string().max(20_000).optional(),
  attendees: attendeesArgument,
  calendar: calendarArgument,
});

const updateArgs = z.object({
  id: z.string().min(1).max(1024).describe("Event id from read_calendar"),
  title: z.string().min(1).max(500).optional(),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
  location: z.string().max(500).optional().describe("New location (empty removes it)"),
  description: z.string().max(20_000).optional(),
  attendees: attendeesArgument.describe("The full new attendee list (new ones are invited)"),
  calendar: calendarArgument,
});

const deleteArgs = z.object({ id: z.string().min(1).max(1024), calendar: calendarArgument });

type CreateArgs = z.infer<typeof createArgs>;
type UpdateArgs = z.infer<typeof updateArgs>;
type DeleteArgs = z.infer<typeof deleteArgs> & { title?: string; attendees?: string[] };

export function createCalendarTools(options: CalendarToolOptions): AnyTool[] {
  return [
    readCalendarTool(options),
    createEventTool(options),
    updateEventTool(options),
    deleteEventTool(options),
  ];
}

function readCalendarTool(options: CalendarToolOptions): ToolDefinition<z.infer<typeof readArgs>> {
  return {
    name: "read_calendar",
    group: "calendar",
    description:
      "Read calendar events in a time range (default the coming seven days), or list the calendars.",
    parameters: readArgs,
    writes: false,
    async execute(args, context): Promise<ToolResult> {
      const provider = await options.provider();
      const reads = { hosts: provider.hosts };
      if (args.calendars) {
        return {
          output: formatCalendars(await provider.listCalendars(context.signal)),
          isError: false,
          reads,
        };
      }
      const range = timeRange(args.from, args.to, (options.now ?? Date.now)());
      const events = await provider.listEvents(range, args.limit ?? 50, args.calendar, context.signal);
      return { output: formatEvents(events, range, provider.label), isError: false, reads };
    },
  };
}

/** What differs between the three tools that change events; the rest of their definition is shared. */
interface EventChange<Args extends { calendar?: string; attendees?: string[] }> {
  name: string;
  description: string;
  parameters: z.ZodType<Args>;
  /** Settles the arguments Shield judges (times parsed, attendees after the change). */
  resolve: (args: Args, provider: () => Promise<CalendarProvider>) => Promise<Args>;
  /** Makes the change and describes it. */
  run: (args: Args, provider: CalendarProvider, signal: AbortSignal) => Promise<string>;
}

/** A tool that changes an event: judged on its resolved arguments, at least Tier 2 when an outsider hears of it. */
function eventChangeTool<Args extends { calendar?: string; attendees?: string[] }>(
  options: CalendarToolOptions,
  change: EventChange<Args>,
): ToolDefinition<Args> {
  const resolve = (args: Args) => change.resolve(args, options.provider);
  return {
    name: change.name,
    group: "calendar",
    description: change.description,
    parameters: change.parameters,
    writes: true,
    minimumTier: (args) => outsideTier(options, args.attendees),
    resolveArguments: resolve,
    async execute(given, context) {
      const args = context.argumentsResolved ? given : await resolve(given);
      const output = await change.run(args, await options.provider(), context.signal);
      return { output, isError: false };
    },
  };
}

function createEventTool(options: CalendarToolOptions): ToolDefinition<CreateArgs> {
  return eventChangeTool(options, {
    name: "create_event",
    description: "Create a calendar event; attendees given are sent an invitation.",
    parameters: createArgs,
    resolve: (args) => {
      const span = eventSpan(args.start, args.end, args.duration_minutes);
      return Promise.resolve({
        ...args,
        start: span.start,
        end: span.end,
        duration_minutes: undefined,
        attendees: parseAttendees(args.attendees),
      });
    },
    async run(args, provider, signal) {
      const created = await provider.createEvent(
        {
          title: args.title,
          start: args.start,
          end: args.end!,
          allDay: args.start.length === 10,
          location: args.location,
          description: args.description,
          attendees: args.attendees ?? [],
        },
        args.calendar,
        signal,
      );
      const invited = created.attendees.length ? `; invitations to ${created.attendees.join(", ")}` : "";
      return `Created event "${created.title}" (id ${created.id}) from ${created.start} to ${created.end}${invited}`;
    },
  });
}

function updateEventTool(options: CalendarToolOptions): ToolDefinition<UpdateArgs> {
  return eventChangeTool(options, {
    name: "update_event",
    description:
      "Change an event by id (title, times, location, description, attendees); attendees are notified.",
    parameters: updateArgs,
    async resolve(args, provider) {
      const current = await (await provider()).getEvent(args.id, args.calendar, AbortSignal.timeout(60_000));
      const start = args.start !== undefined ? parseTime(args.start, "start").value : undefined;
      const end = args.end !== undefined ? parseTime(args.end, "end").value : undefined;
      if (Date.parse(toInstant(end ?? current.end)) < Date.parse(toInstant(start ?? current.start))) {
        throw new ToolError(`Invalid update of "${args.id}": the end would be before the start`);
      }
      // Whoever is on the event after the change hears of it: Shield is shown them all.
      const attendees = args.attendees !== undefined ? parseAttendees(args.attendees) : current.attendees;
      return { ...args, start, end, attendees };
    },
    async run(args, provider, signal) {
      const { id: _id, calendar: _calendar, ...changes } = args;
      const allDay = changes.start !== undefined ? { allDay: changes.start.length === 10 } : {};
      const updated = await provider.updateEvent(args.id, { ...changes, ...allDay }, args.calendar, signal);
      return `Updated event "${updated.title}" (id ${updated.id}): ${updated.start} to ${updated.end}` +
        (updated.attendees.length ? `; attendees ${updated.attendees.join(", ")}` : "");
    },
  });
}

function deleteEventTool(options: CalendarToolOptions): ToolDefinition<DeleteArgs> {
  return eventChangeTool(options, {
    name: "delete_event",
    description: "Delete an event by id; its attendees are sent a cancellation.",
    parameters: deleteArgs as z.ZodType<DeleteArgs>,
    async resolve(args, provider) {
      const current = await (await provider()).getEvent(args.id, args.calendar, AbortSignal.timeout(60_000));
      return { ...args, title: current.title, attendees: current.attendees };
    },
    async run(args, provider, signal) {
      await provider.deleteEvent(args.id, args.calendar, signal);
      return `Deleted event "${args.title ?? args.id}" (id ${args.id})`;
    },
  });
}

function outsideTier(options: CalendarToolOptions, attendees: string[] | undefined): 2 | undefined {
  return outsideAttendees(attendees ?? [], options.ownDomains).length > 0 ? 2 : undefined;
}

function toInstant(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}
