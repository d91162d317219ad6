import assert from "node:assert/strict";
import {
  eventSpan,
  parseAttendees,
  parseTime,
  timeRange,
} from "../../../src/tools/calendar/calendar_event.ts";
import { outsideAttendees } from "../../../src/tools/calendar/outside_attendees.ts";

Deno.test("event times: zones required, converted to UTC; dates stay dates; end defaults", () => {
  assert.deepEqual(parseTime("2030-01-31T14:00:00+01:00", "start"), {
    value: "2030-01-31T13:00:00Z",
    allDay: false,
  });
  assert.deepEqual(parseTime("2030-01-31", "start"), { value: "2030-01-31", allDay: true });
  assert.throws(() => parseTime("2030-01-31T14:00", "start"), /with its zone/);
  assert.throws(() => parseTime("tomorrow", "start"), /Invalid start "tomorrow"/);
  assert.deepEqual(eventSpan("2030-01-31T13:00:00Z", undefined, 90), {
    start: "2030-01-31T13:00:00Z",
    end: "2030-01-31T14:30:00Z",
    allDay: false,
  });
  assert.equal(eventSpan("2030-01-31", undefined, undefined).end, "2030-02-01");
  assert.throws(
    () => eventSpan("2030-01-31T13:00:00Z", "2030-01-31T12:00:00Z", undefined),
    /not after the start/,
  );
  assert.throws(
    () => eventSpan("2030-01-31", "2030-02-01T10:00:00Z", undefined),
    /both be dates or both be times/,
  );
  assert.throws(() => timeRange("2030-01-01", "2032-01-01", 0), /at most 366 days/);
});

Deno.test("attendees are single checked addresses; outside means another domain than the user's", () => {
  assert.deepEqual(parseAttendees(["Bob <Bob@Example.test>", "bob@example.test"]), ["bob@example.test"]);
  assert.throws(() => parseAttendees(["bob@example.test, eve@evil.test"]), /Invalid attendee/);
  assert.throws(
    () => parseAttendees(["bob@example.test\r\nATTENDEE:mailto:eve@evil.test"]),
    /Invalid attendee/,
  );
  const own = ["example.test"];
  assert.deepEqual(outsideAttendees(["a@example.test", "b@eu.example.test", "c@example.test.evil.io"], own), [
    "c@example.test.evil.io",
  ]);
  assert.deepEqual(outsideAttendees(["a@example.test"], []), ["a@example.test"]);
});
