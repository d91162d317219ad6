/** HEARTBEAT.md items and when each is due. */
import { assert, assertEquals } from "../../support/assert.ts";
import { dueItems, parseHeartbeat } from "../../../src/engine/schedules/heartbeat.ts";

const HOUR = 3_600_000;

Deno.test("list items become heartbeat items; headings, prose and fenced examples do not", () => {
  const parsed = parseHeartbeat(
    [
      "# Heartbeat",
      "Checks to run on each heartbeat.",
      "- Check the build",
      "* [every 2h] Check the disk usage",
      "1. [cron 0 9 * * 1-5] Summarise the pull requests",
      "- [ ] [every 30m] Look at the queue",
      "```",
      "- an example, not an item",
      "```",
      "- [weekly] unknown timing",
      "- [cron 99 * * * *] broken",
    ].join("\n"),
    "UTC",
  );
  assertEquals(parsed.items.map((item) => [item.text, item.everyMs, item.cron]), [
    ["Check the build", undefined, undefined],
    ["Check the disk usage", 2 * HOUR, undefined],
    ["Summarise the pull requests", undefined, "0 9 * * 1-5"],
    ["Look at the queue", 30 * 60_000, undefined],
  ]);
  assertEquals(parsed.problems.length, 2);
  assertEquals(parseHeartbeat("# Heartbeat\n\nNothing yet.\n", "UTC").items, []);
});

Deno.test("each kind of item is due on its own terms", () => {
  const { items } = parseHeartbeat(
    "- plain\n- [every 2h] two-hourly\n- [cron 0 9 * * *] nine o'clock\n",
    "UTC",
  );
  const [plain, twoHourly, nine] = items;
  const now = Date.parse("2030-01-01T09:10:00Z");
  const heartbeat = 30 * 60_000;
  const never = () => undefined;
  assertEquals(dueItems(items, never, now, heartbeat, "UTC").map((item) => item.text), [
    "plain",
    "two-hourly",
    "nine o'clock",
  ]);
  const ran: Record<string, number> = {
    [plain.hash]: now - heartbeat,
    [twoHourly.hash]: now - HOUR,
    [nine.hash]: Date.parse("2030-01-01T09:00:30Z"),
  };
  assertEquals(dueItems(items, (hash) => ran[hash], now, heartbeat, "UTC").map((item) => item.text), [
    "plain",
  ]);
  const tomorrow = Date.parse("2030-01-02T09:05:00Z");
  const due = dueItems(items, (hash) => ran[hash], tomorrow, heartbeat, "UTC").map((item) => item.text);
  assertEquals(due, ["plain", "two-hourly", "nine o'clock"]);
});

Deno.test("a cron item added long after its time is not due until its next occurrence", () => {
  const { items } = parseHeartbeat("- [cron 0 9 * * *] nine o'clock\n", "UTC");
  const afternoon = Date.parse("2030-01-01T15:00:00Z");
  assertEquals(dueItems(items, () => undefined, afternoon, 30 * 60_000, "UTC"), []);
  assert(items[0].hash.length > 0);
});
