import assert from "node:assert/strict";
import { startRadicale } from "../../support/mail/radicale_server.ts";
import { startSilentServer } from "../../support/mail/silent_server.ts";
import { freePort } from "../../support/engine_harness.ts";
import { createCalDavProvider } from "../../../src/tools/calendar/caldav_provider.ts";
import { createCalendarTools } from "../../../src/tools/calendar/calendar_tools.ts";
import type { AnyTool, ToolResult } from "../../../src/tools/types.ts";

const USER = "alice";
const PASSWORD = "alice-cal-pw";

function toolsFor(url: string, password = PASSWORD, timeoutSeconds = 5): Map<string, AnyTool> {
  const provider = createCalDavProvider({
    url,
    username: USER,
    password,
    organizer: "alice@example.test",
    timeoutSeconds,
  });
  const tools = createCalendarTools({
    provider: () => Promise.resolve(provider),
    ownDomains: ["example.test"],
    now: () => Date.parse("2030-01-01T00:00:00Z"),
  });
  return new Map(tools.map((tool) => [tool.name, tool]));
}

async function call(
  tool: AnyTool,
  args: Record<string, unknown>,
): Promise<ToolResult & { judged: Record<string, unknown>; tier?: number }> {
  const parsed = tool.parameters.parse(args) as Record<string, unknown>;
  const judged = tool.resolveArguments ? await tool.resolveArguments(parsed) : parsed;
  const tier = typeof tool.minimumTier === "function" ? tool.minimumTier(judged) : tool.minimumTier;
  const result = await tool.execute(judged, {
    sessionId: "t",
    signal: new AbortController().signal,
    argumentsResolved: true,
  });
  return { ...result, judged, tier };
}

/** The second client: a raw CalDAV REPORT, no tsdav. */
async function reportEvents(calendarUrl: string): Promise<string> {
  const response = await fetch(calendarUrl, {
    method: "REPORT",
    headers: {
      authorization: `Basic ${btoa(`${USER}:${PASSWORD}`)}`,
      depth: "1",
      "content-type": "application/xml",
    },
    body: `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">` +
      `<D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">` +
      `<C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>`,
  });
  assert.equal(response.status, 207);
  // Unfolded: long iCalendar lines continue on the next line after a space.
  return (await response.text()).replace(/\r\n /g, "");
}

Deno.test("CalDAV on a real Radicale: create, read, update, delete; a second client sees each change", async (t) => {
  const radicale = await startRadicale({ [USER]: PASSWORD });
  try {
    const calendarUrl = await radicale.makeCalendar(USER, PASSWORD, "work", "Work");
    const tools = toolsFor(radicale.url);
    let id = "";

    await t.step("read_calendar lists the calendars", async () => {
      const result = await call(tools.get("read_calendar")!, { calendars: true });
      assert.match(result.output, /1 calendar\(s\):[\s\S]*Work \(id Work\) - default/);
    });

    await t.step("create_event with inside attendees: no escalation; the REPORT shows it", async () => {
      const result = await call(tools.get("create_event")!, {
        title: "Planning",
        start: "2030-01-02T10:00:00+01:00",
        attendees: ["Bob <bob@example.test>"],
        location: "Room 4",
      });
      assert.equal(result.isError, false, result.output);
      assert.equal(result.judged.start, "2030-01-02T09:00:00Z");
      assert.equal(result.judged.end, "2030-01-02T10:00:00Z");
      assert.deepEqual(result.judged.attendees, ["bob@example.test"]);
      assert.equal(result.tier, undefined);
      id = /\(id ([^)]+)\)/.exec(result.output)![1];
      const seen = await reportEvents(calendarUrl);
      assert.match(seen, /SUMMARY:Planning/);
      assert.match(seen, /DTSTART:20300102T090000Z/);
      assert.match(seen, /ATTENDEE;.*mailto:bob@example\.test/);
      assert.match(seen, /ORGANIZER:mailto:alice@example\.test/);
    });

    await t.step("read_calendar returns the event as fenced data and reports the host", async () => {
      const result = await call(tools.get("read_calendar")!, {});
      assert.match(result.output, /1 event\(s\) in CalDAV server "127\.0\.0\.1:\d+"/);
      assert.match(
        result.output,
        new RegExp(`id ${id} \\| 2030-01-02T09:00:00Z to 2030-01-02T10:00:00Z \\| Planning \\| at Room 4`),
      );
      assert.match(result.output, /<untrusted-[0-9a-f]{8} source="calendar">/);
      assert.deepEqual(result.reads, { hosts: ["127.0.0.1"] });
    });

    await t.step(
      "update_event shows Shield the attendees after the change and escalates an outside one",
      async () => {
        const result = await call(tools.get("update_event")!, {
          id,
          title: "Planning (moved)",
          start: "2030-01-03T09:00:00Z",
          end: "2030-01-03T10:30:00Z",
          attendees: ["bob@example.test", "eve@partner.test"],
        });
        assert.equal(result.tier, 2);
        assert.deepEqual(result.judged.attendees, ["bob@example.test", "eve@partner.test"]);
        const seen = await reportEvents(calendarUrl);
        assert.match(seen, /SUMMARY:Planning \(moved\)/);
        assert.match(seen, /DTSTART:20300103T090000Z/);
        assert.match(seen, /SEQUENCE:1/);
        assert.match(seen, /mailto:eve@partner\.test/);
      },
    );

    await t.step(
      "delete_event names the event and its attendees for Shield; it is gone for the second client",
      async () => {
        const result = await call(tools.get("delete_event")!, { id });
        assert.equal(result.judged.title, "Planning (moved)");
        assert.deepEqual(result.judged.attendees, ["bob@example.test", "eve@partner.test"]);
        assert.equal(result.tier, 2);
        assert.doesNotMatch(await reportEvents(calendarUrl), /SUMMARY/);
      },
    );

    await t.step("unknown and hostile ids are clear errors", async () => {
      await assert.rejects(
        call(tools.get("update_event")!, { id: "nope.ics", title: "x" }),
        /No event "nope\.ics" in calendar "Work"/,
      );
      await assert.rejects(call(tools.get("delete_event")!, { id: "../bob/work/x.ics" }), /Invalid event id/);
      await assert.rejects(
        call(tools.get("read_calendar")!, { calendar: "Home" }),
        /No calendar "Home": calendars are "Work"/,
      );
      await assert.rejects(
        call(tools.get("create_event")!, { title: "x", start: "2030-01-01T10:00" }),
        /give a date .* or a time with its zone/,
      );
      await assert.rejects(
        call(tools.get("create_event")!, { title: "x", start: "2030-01-01", attendees: ["not an address"] }),
        /Invalid attendee/,
      );
    });
  } finally {
    await radicale.stop();
  }
});

Deno.test("CalDAV recurring events are expanded inside the range and all-day events stay dates", async () => {
  const radicale = await startRadicale({ [USER]: PASSWORD });
  try {
    const calendarUrl = await radicale.makeCalendar(USER, PASSWORD, "work", "Work");
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//other client//EN",
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700329T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      "UID:standup@other",
      "DTSTAMP:20291201T000000Z",
      "DTSTART;TZID=Europe/Berlin:20300101T093000",
      "DTEND;TZID=Europe/Berlin:20300101T094500",
      "RRULE:FREQ=DAILY;COUNT=30",
      "SUMMARY:Standup",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const put = await fetch(`${calendarUrl}standup.ics`, {
      method: "PUT",
      headers: { authorization: `Basic ${btoa(`${USER}:${PASSWORD}`)}`, "content-type": "text/calendar" },
      body: ics,
    });
    await put.body?.cancel();
    assert.equal(put.status, 201);
    const tools = toolsFor(radicale.url);
    await call(tools.get("create_event")!, { title: "Holiday", start: "2030-01-02" });
    const result = await call(tools.get("read_calendar")!, { from: "2030-01-02", to: "2030-01-04" });
    assert.match(result.output, /3 event\(s\)/);
    assert.match(result.output, /2030-01-02 to 2030-01-03 \(all day\) \| Holiday/);
    assert.match(
      result.output,
      /id standup\.ics \| 2030-01-02T08:30:00Z to 2030-01-02T08:45:00Z \| Standup \| repeats FREQ=DAILY;COUNT=30/,
    );
    assert.match(result.output, /2030-01-03T08:30:00Z to 2030-01-03T08:45:00Z \| Standup/);
  } finally {
    await radicale.stop();
  }
});

Deno.test("CalDAV failures: server down, wrong password, silent server are clear tool errors", async () => {
  const radicale = await startRadicale({ [USER]: PASSWORD });
  const silent = startSilentServer();
  try {
    await radicale.makeCalendar(USER, PASSWORD, "work", "Work");
    const down = freePort();
    await assert.rejects(
      call(toolsFor(`http://127.0.0.1:${down}/`).get("read_calendar")!, {}),
      new RegExp(`Cannot reach CalDAV server "127.0.0.1:${down}": connection refused`),
    );
    await assert.rejects(
      call(toolsFor(radicale.url, "wrong").get("read_calendar")!, {}),
      /CalDAV server "127\.0\.0\.1:\d+" refused the login \(HTTP 401\): check calendar\.caldav_username and calendar\.caldav_password/,
    );
    await assert.rejects(
      call(toolsFor(radicale.url.replace("http:", "https:")).get("read_calendar")!, {}),
      /Cannot reach CalDAV server "127\.0\.0\.1:\d+": TLS failed: /,
    );
    await assert.rejects(
      call(toolsFor(`http://127.0.0.1:${silent.port}/`, PASSWORD, 1).get("read_calendar")!, {}),
      new RegExp(`CalDAV server "127.0.0.1:${silent.port}" did not answer within 1 s`),
    );
  } finally {
    silent.stop();
    await radicale.stop();
  }
});
