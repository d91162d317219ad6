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

function createEventTool(options: CalendarToolOptions): ToolDefinition<CreateArgs> {
  const resolve = (args: CreateArgs): Promise<CreateArgs> => {
    const span = eventSpan(args.start, args.end, args.duration_minutes);
    return Promise.resolve({
      ...args,
      start: span.start,
      end: span.end,
      duration_minutes: undefined,
      attendees: parseAttendees(args.attendees),
    });
  };
  return {
    name: "create_event",
    group: "calendar",
    description: "Create a calendar event; attendees given are sent an invitation.",
    parameters: createArgs,
    writes: true,
    minimumTier: (args) => outsideTier(options, args.attendees),
    resolveArguments: resolve,
    async execute(given, context) {
      const args = context.argumentsResolved ? given : await resolve(given);
      const provider = await options.provider();
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
        context.signal,
      );
      const invited = created.attendees.length ? `; invitations to ${created.attendees.join(", ")}` : "";
      return {
        output:
          `Created event "${created.title}" (id ${created.id}) from ${created.start} to ${created.end}${invited}`,
        isError: false,
      };
    },
  };
}

function updateEventTool(options: CalendarToolOptions): ToolDefinition<UpdateArgs> {
  const resolve = async (args: UpdateArgs): Promise<UpdateArgs> => {
    const provider = await options.provider();
    const current = await provider.getEvent(args.id, args.calendar, AbortSignal.timeout(60_000));
    const start = args.start !== undefined ? parseTime(args.start, "start").value : undefined;
    const end = args.end !== undefined ? parseTime(args.end, "end").value : undefined;
    const effectiveStart = start ?? current.start;
    const effectiveEnd = end ?? current.end;
    if (Date.parse(toInstant(effectiveEnd)) < Date.parse(toInstant(effectiveStart))) {
      throw new ToolError(`Invalid update of "${args.id}": the end would be before the start`);
    }
    // Whoever is on the event after the change hears of it: Shield is shown them all.
    const attendees = args.attendees !== undefined ? parseAttendees(args.attendees) : current.attendees;
    return { ...args, start, end, attendees };
  };
  return {
    name: "update_event",
    group: "calendar",
    description:
      "Change an event by id (title, times, location, description, attendees); attendees are notified.",
    parameters: updateArgs,
    writes: true,
    minimumTier: (args) => outsideTier(options, args.attendees),
    resolveArguments: resolve,
    async execute(given, context) {
      const args = context.argumentsResolved ? given : await resolve(given);
      const provider = await options.provider();
      const { id: _id, calendar: _calendar, ...changes } = args;
      const updated = await provider.updateEvent(
        args.id,
        {
          ...changes,
          ...(changes.start !== undefined ? { allDay: changes.start.length === 10 } : {}),
        },
        args.calendar,
        context.signal,
      );
      return {
        output: `Updated event "${updated.title}" (id ${updated.id}): ${updated.start} to ${updated.end}` +
          (updated.attendees.length ? `; attendees ${updated.attendees.join(", ")}` : ""),
        isError: false,
      };
    },
  };
}

function deleteEventTool(options: CalendarToolOptions): ToolDefinition<DeleteArgs> {
  const resolve = async (args: DeleteArgs): Promise<DeleteArgs> => {
    const provider = await options.provider();
    const current = await provider.getEvent(args.id, args.calendar, AbortSignal.timeout(60_000));
    return { ...args, title: current.title, attendees: current.attendees };
  };
  return {
    name: "delete_event",
    group: "calendar",
    description: "Delete an event by id; its attendees are sent a cancellation.",
    parameters: deleteArgs,
    writes: true,
    minimumTier: (args) => outsideTier(options, args.attendees),
    resolveArguments: resolve,
    async execute(given, context) {
      const args = context.argumentsResolved ? given : await resolve(given);
      const provider = await options.provider();
      await provider.deleteEvent(args.id, args.calendar, context.signal);
      return { output: `Deleted event "${args.title ?? args.id}" (id ${args.id})`, isError: false };
    },
  };
}

function outsideTier(options: CalendarToolOptions, attendees: string[] | undefined): 2 | undefined {
  return outsideAttendees(attendees ?? [], options.ownDomains).length > 0 ? 2 : undefined;
}

function toInstant(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}
