/** Reading schedule times: cron in a time zone, nicknames, one-shot ISO times, and clear refusals. */
import { assertEquals, assertThrows } from "../../support/assert.ts";
import {
  nextCronRun,
  parseScheduleTime,
  previousCronRun,
  ScheduleTimeError,
} from "../../../src/engine/schedules/schedule_time.ts";

const now = Date.parse("2030-01-01T08:00:00Z");
const iso = (time: number | undefined) => time === undefined ? undefined : new Date(time).toISOString();

Deno.test("cron expressions are read in their time zone", () => {
  assertEquals(parseScheduleTime("0 9 * * *", "UTC", now), {
    kind: "cron",
    cron: "0 9 * * *",
    timezone: "UTC",
  });
  assertEquals(iso(nextCronRun("0 9 * * *", "UTC", now)), "2030-01-01T09:00:00.000Z");
  assertEquals(iso(nextCronRun("0 9 * * *", "Europe/Berlin", now)), "2030-01-02T08:00:00.000Z");
  assertEquals(iso(previousCronRun("0 8 * * *", "UTC", now)), "2030-01-01T08:00:00.000Z");
  assertEquals(parseScheduleTime("@daily", "UTC", now).kind, "cron");
});

Deno.test("an ISO date-time is one run, read in the time zone unless it names its own offset", () => {
  assertEquals(parseScheduleTime("2030-01-01T09:30", "Europe/Berlin", now), {
    kind: "once",
    at: Date.parse("2030-01-01T08:30:00Z"),
  });
  assertEquals(parseScheduleTime("2030-01-01 09:30:00Z", "Europe/Berlin", now), {
    kind: "once",
    at: Date.parse("2030-01-01T09:30:00Z"),
  });
});

Deno.test("bad times are refused with a message that says what is wrong", () => {
  const cases: [string, string][] = [
    ["* * * * * *", "five fields"],
    ["61 * * * *", "not valid"],
    ["0 0 31 2 *", "never runs"],
    ["2020-01-01T00:00Z", "already passed"],
    ["2040-01-01T00:00Z", "five years"],
    ["every day", "five fields"],
  ];
  for (const [text, detail] of cases) {
    assertThrows(() => parseScheduleTime(text, "UTC", now), ScheduleTimeError, detail);
  }
  assertThrows(
    () => parseScheduleTime("0 9 * * *", "Mars/Olympus", now),
    ScheduleTimeError,
    "Unknown time zone",
  );
});
