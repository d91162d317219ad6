/** The schedule tools (contract 3): create_schedule, list_schedules, delete_schedule. Creating one is an action
 * Shield judges like any other (persistence: its task runs later without the user watching); each run is then
 * a turn of its own whose every call is judged again. */
import { z } from "zod";
import type { AnyTool, ToolDefinition } from "../types.ts";
import { jsonAnswer } from "../json_answer.ts";

type View = { readonly id: string };

export interface ScheduleControl {
  create(sessionId: string, request: { cron: string; task: string; title?: string; timezone?: string }): View;
  list(): View[];
  delete(id: string): View;
}

export const MAX_SCHEDULE_TASK_CHARS = 20_000;

const createArgs = z.object({
  cron: z.string().min(1).max(200).describe(
    'When to run: a five-field cron expression ("0 9 * * 1-5" = 09:00 on weekdays), a nickname ("@daily"), ' +
      'or one ISO date-time for a single run ("2030-01-31T09:00")',
  ),
  task: z.string().min(1).max(MAX_SCHEDULE_TASK_CHARS).describe(
    "What to do at each run: it is sent as a message to a session of its own, with no other context",
  ),
  title: z.string().max(200).optional().describe("A short name for the schedule"),
  timezone: z.string().min(1).max(100).optional().describe(
    'IANA time zone the time is read in (default: the engine\'s, e.g. "Europe/Berlin")',
  ),
});
const idArgs = z.object({ id: z.string().min(1).max(100).describe("The schedule id list_schedules shows") });

export function createScheduleTools(control: ScheduleControl): AnyTool[] {
  const create: ToolDefinition<z.infer<typeof createArgs>> = {
    name: "create_schedule",
    group: "schedule",
    description: "Schedule a task to run later, once or repeatedly (cron). Each run is a new turn in the " +
      "schedule's own session; nobody may be watching, so actions that need approval will be refused.",
    parameters: createArgs,
    writes: true,
    affectedPaths: () => [],
    execute: (args, context) => jsonAnswer(() => control.create(context.sessionId, args)),
  };
  const list: ToolDefinition<Record<string, never>> = {
    name: "list_schedules",
    group: "schedule",
    description: "List every schedule with its next and last run.",
    parameters: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    writes: false,
    execute: () => jsonAnswer(() => control.list()),
  };
  const remove: ToolDefinition<z.infer<typeof idArgs>> = {
    name: "delete_schedule",
    group: "schedule",
    description: "Delete a schedule; it will not run again.",
    parameters: idArgs,
    writes: true,
    affectedPaths: () => [],
    execute: (args) => jsonAnswer(() => control.delete(args.id)),
  };
  return [create, list, remove];
}
