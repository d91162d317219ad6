/** Creating, listing and deleting schedules (the schedule tools call this after Shield allowed the call). */
import { newId } from "../../lib/clock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ScheduleRecord } from "../../store/schedule_store.ts";
import { ToolError } from "../../lib/errors.ts";
import { localTimeZone, nextCronRun, parseScheduleTime, ScheduleTimeError } from "./schedule_time.ts";

export const MAX_ACTIVE_SCHEDULES = 100;

export interface ScheduleStorePort {
  insert(record: ScheduleRecord): void;
  get(id: string): ScheduleRecord | undefined;
  list(): ScheduleRecord[];
  delete(id: string): boolean;
  countActive(): number;
}

export interface ScheduleView {
  id: string;
  title: string;
  task: string;
  /** The cron expression, or "" for a one-shot schedule. */
  cron: string;
  timezone: string;
  /** ISO times; null when there is none (a one-shot that ran). */
  next_run_at: string | null;
  last_run_at: string | null;
  run_count: number;
  session_id: string;
  created_by_session: string;
}

export class ScheduleService {
  constructor(
    private readonly store: ScheduleStorePort,
    private readonly clock: Clock,
    /** Tells the scheduler to look again (a new schedule may be due soon). */
    private readonly changed: () => void = () => {},
  ) {}

  create(
    sessionId: string,
    request: { cron: string; task: string; title?: string; timezone?: string },
  ): ScheduleView {
    if (this.store.countActive() >= MAX_ACTIVE_SCHEDULES) {
      throw new ToolError(`There are already ${MAX_ACTIVE_SCHEDULES} schedules: delete one first`);
    }
    const now = this.clock.now();
    const timezone = request.timezone ?? localTimeZone();
    let when;
    try {
      when = parseScheduleTime(request.cron, timezone, now);
    } catch (error) {
      if (error instanceof ScheduleTimeError) throw new ToolError(error.message);
      throw error;
    }
    const record: ScheduleRecord = {
      id: newId("sch_"),
      title: (request.title?.trim() || firstLine(request.task)).slice(0, 200),
      task: request.task,
      cron: when.kind === "cron" ? when.cron : "",
      run_at: when.kind === "once" ? when.at : undefined,
      timezone,
      created_by_session: sessionId,
      session_id: "",
      next_run_at: when.kind === "once" ? when.at : nextCronRun(when.cron, timezone, now),
      run_count: 0,
      created_at: now,
    };
    this.store.insert(record);
    this.changed();
    return viewOf(record);
  }

  list(): ScheduleView[] {
    return this.store.list().map(viewOf);
  }

  delete(id: string): ScheduleView {
    const record = this.store.get(id);
    if (!record || !this.store.delete(id)) {
      throw new ToolError(`No schedule "${id}": list_schedules shows them`);
    }
    return viewOf(record);
  }
}

export function viewOf(record: ScheduleRecord): ScheduleView {
  const iso = (time?: number) => time === undefined ? null : new Date(time).toISOString();
  return {
    id: record.id,
    title: record.title,
    task: record.task,
    cron: record.cron,
    timezone: record.timezone,
    next_run_at: iso(record.next_run_at),
    last_run_at: iso(record.last_run_at),
    run_count: record.run_count,
    session_id: record.session_id,
    created_by_session: record.created_by_session,
  };
}

function firstLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).find(Boolean)?.replace(/\s+/g, " ").slice(0, 80) ??
    "Task";
}
