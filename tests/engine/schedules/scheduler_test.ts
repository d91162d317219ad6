/** The scheduler on a fake clock over the real SQLite store: runs at the due time, once after downtime,
 * one-shots once; the heartbeat makes no turn when nothing in HEARTBEAT.md is due. */
import { assert, assertEquals } from "../../support/assert.ts";
import {
  HEARTBEAT_SESSION_ID,
  Scheduler,
  scheduleSessionId,
} from "../../../src/engine/schedules/scheduler.ts";
import { ScheduleService } from "../../../src/engine/schedules/schedule_service.ts";
import { ScheduleStore } from "../../../src/store/schedule_store.ts";
import { closeDatabase, openDatabase } from "../../../src/store/database.ts";
import { silentLogger } from "../../../src/log/logger.ts";

const MINUTE = 60_000;

async function rig(heartbeatText?: () => string | undefined) {
  const dir = await Deno.makeTempDir({ prefix: "parapet-scheduler-" });
  const db = openDatabase(`${dir}/engine.db`);
  const clock = {
    time: Date.parse("2030-01-01T08:00:00Z"),
    now() {
      return this.time;
    },
  };
  const store = new ScheduleStore(db);
  const turns: { sessionId: string; title: string; content: string }[] = [];
  const audit: { event: string; details: Record<string, unknown> }[] = [];
  const busy = new Set<string>();
  const make = () =>
    new Scheduler({
      store,
      clock,
      turns: {
        startTurn: (sessionId, title, content) => {
          if (busy.has(sessionId)) return "busy";
          turns.push({ sessionId, title, content });
          return "started";
        },
      },
      audit: {
        record: (event, _session, _type, details) => {
          audit.push({ event, details });
          return Promise.resolve(undefined);
        },
      },
      logger: silentLogger,
      pollMs: 3_600_000,
      heartbeat: heartbeatText
        ? { intervalMs: 30 * MINUTE, timezone: "UTC", read: () => Promise.resolve(heartbeatText()) }
        : undefined,
    });
  return {
    clock,
    store,
    turns,
    audit,
    busy,
    service: new ScheduleService(store, clock),
    scheduler: make(),
    make,
    close: async () => {
      closeDatabase(db);
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("a cron schedule runs at its time, in its own session, then waits for the next", async () => {
  const r = await rig();
  try {
    const schedule = r.service.create("s_creator", {
      cron: "0 9 * * *",
      task: "Summarise the news",
      timezone: "UTC",
    });
    assertEquals(schedule.next_run_at, "2030-01-01T09:00:00.000Z");
    await r.scheduler.tick();
    assertEquals(r.turns.length, 0);
    r.clock.time = Date.parse("2030-01-01T09:00:00Z");
    await r.scheduler.tick();
    await r.scheduler.tick();
    assertEquals(r.turns.length, 1);
    assertEquals(r.turns[0].sessionId, scheduleSessionId(schedule.id));
    assert(r.turns[0].content.endsWith("Summarise the news"));
    const stored = r.store.get(schedule.id)!;
    assertEquals([stored.run_count, stored.next_run_at], [1, Date.parse("2030-01-02T09:00:00Z")]);
    assertEquals(r.audit.map((entry) => entry.event), ["schedule_run"]);
  } finally {
    await r.close();
  }
});

Deno.test("runs missed while the engine was down happen once, not once per missed time", async () => {
  const r = await rig();
  try {
    r.service.create("s_creator", { cron: "0 * * * *", task: "Hourly check", timezone: "UTC" });
    r.clock.time = Date.parse("2030-01-01T13:30:00Z");
    const restarted = r.make();
    await restarted.tick();
    await restarted.tick();
    assertEquals(r.turns.length, 1);
    assertEquals(r.audit[0].details.late_ms, 4.5 * 60 * MINUTE);
    assertEquals(r.store.list()[0].next_run_at, Date.parse("2030-01-01T14:00:00Z"));
  } finally {
    await r.close();
  }
});

Deno.test("a one-shot runs once and stays listed without a next run", async () => {
  const r = await rig();
  try {
    const once = r.service.create("s_creator", { cron: "2030-01-01T08:30Z", task: "Remind me" });
    r.clock.time = Date.parse("2030-01-01T10:00:00Z");
    await r.scheduler.tick();
    await r.scheduler.tick();
    assertEquals(r.turns.length, 1);
    assertEquals(r.service.list().map((item) => [item.id, item.next_run_at, item.run_count]), [[
      once.id,
      null,
      1,
    ]]);
  } finally {
    await r.close();
  }
});

Deno.test("a run whose previous run is still going is skipped, not queued", async () => {
  const r = await rig();
  try {
    const schedule = r.service.create("s_creator", { cron: "*/5 * * * *", task: "Poll", timezone: "UTC" });
    r.busy.add(scheduleSessionId(schedule.id));
    r.clock.time = Date.parse("2030-01-01T08:05:00Z");
    await r.scheduler.tick();
    assertEquals(r.turns.length, 0);
    assertEquals(r.store.get(schedule.id)!.next_run_at, Date.parse("2030-01-01T08:10:00Z"));
  } finally {
    await r.close();
  }
});

Deno.test("the heartbeat reads HEARTBEAT.md and starts a turn only when an item is due", async () => {
  let text: string | undefined = "# Heartbeat\n\nChecks to run on each heartbeat.\n";
  const r = await rig(() => text);
  try {
    await r.scheduler.tick();
    assertEquals(r.turns.length, 0, "an empty list makes no turn");
    text = "- [cron 0 12 * * *] Noon report\n";
    r.clock.time += 30 * MINUTE;
    await r.scheduler.tick();
    assertEquals(r.turns.length, 0, "nothing due, no turn");
    text += "- Check the build\n";
    r.clock.time += 10 * MINUTE;
    await r.scheduler.tick();
    assertEquals(r.turns.length, 0, "not a heartbeat yet");
    r.clock.time += 20 * MINUTE;
    await r.scheduler.tick();
    assertEquals(r.turns.map((turn) => turn.sessionId), [HEARTBEAT_SESSION_ID]);
    assert(r.turns[0].content.includes("- Check the build") && !r.turns[0].content.includes("Noon"));
    text = undefined;
    r.clock.time += 30 * MINUTE;
    await r.scheduler.tick();
    assertEquals(r.turns.length, 1, "no file, no turn");
  } finally {
    await r.close();
  }
});
