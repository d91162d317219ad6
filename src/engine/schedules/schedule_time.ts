/** When a schedule runs: a five-field cron expression (or @hourly, @daily, @weekly, @monthly, @yearly) read in
 * an IANA time zone, or one ISO 8601 date-time for a one-shot run. Parsing uses croner (kept, no dependencies). */
import { Cron } from "croner";

export type ScheduleTime =
  | { kind: "cron"; cron: string; timezone: string }
  | { kind: "once"; at: number };

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
const NICKNAMES = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);
const MAX_AHEAD_MS = 5 * 366 * 24 * 3600 * 1000;

export class ScheduleTimeError extends Error {}

/** The engine's own time zone, the default for cron expressions. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function checkTimeZone(timezone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
    return timezone;
  } catch {
    throw new ScheduleTimeError(
      `Unknown time zone "${timezone}": use an IANA name such as "Europe/Berlin" or "UTC"`,
    );
  }
}

/** Reads the `cron` argument; a one-shot time must lie ahead of `now` (and within five years). */
export function parseScheduleTime(text: string, timezone: string, now: number): ScheduleTime {
  const value = text.trim();
  checkTimeZone(timezone);
  if (ISO_DATE_TIME.test(value)) {
    const at = nextOf(value.replace(" ", "T"), timezone, now - 1);
    if (at === undefined) throw new ScheduleTimeError(`The time "${value}" has already passed`);
    if (at - now > MAX_AHEAD_MS) {
      throw new ScheduleTimeError(`The time "${value}" is more than five years ahead`);
    }
    return { kind: "once", at };
  }
  const fields = value.split(/\s+/);
  if (!NICKNAMES.has(value.toLowerCase()) && fields.length !== 5) {
    throw new ScheduleTimeError(
      `Cron expression "${value}" must have five fields (minute hour day-of-month month day-of-week), ` +
        'be a nickname such as "@daily", or be an ISO date-time such as "2030-01-31T09:00" for one run',
    );
  }
  if (nextCronRun(value, timezone, now) === undefined) {
    throw new ScheduleTimeError(`Cron expression "${value}" never runs`);
  }
  return { kind: "cron", cron: value, timezone };
}

/** The first run strictly after `after`, or undefined when there is none. Throws on a malformed pattern. */
export function nextCronRun(cron: string, timezone: string, after: number): number | undefined {
  return nextOf(cron, timezone, after);
}

/** The latest run at or before `at`, or undefined when there was none. */
export function previousCronRun(cron: string, timezone: string, at: number): number | undefined {
  // croner works in whole seconds: look from the next second, then keep only a run not after `at`.
  const runs = makeCron(cron, timezone).previousRuns(2, new Date(at + 1000));
  return runs.map((run) => run.getTime()).find((time) => time <= at);
}

function nextOf(pattern: string, timezone: string, after: number): number | undefined {
  return makeCron(pattern, timezone).nextRun(new Date(after))?.getTime();
}

function makeCron(pattern: string, timezone: string): Cron {
  try {
    return new Cron(pattern, { timezone, mode: "5-part", paused: true });
  } catch (error) {
    throw new ScheduleTimeError(`Cron expression "${pattern}" is not valid: ${(error as Error).message}`);
  }
}
