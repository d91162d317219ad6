/** The schedule tools over the real schedule service and store. */
import { assert, assertEquals } from "../../support/assert.ts";
import { createScheduleTools } from "../../../src/tools/schedule/schedule_tools.ts";
import { ScheduleService } from "../../../src/engine/schedules/schedule_service.ts";
import { ScheduleStore } from "../../../src/store/schedule_store.ts";
import { closeDatabase, openDatabase } from "../../../src/store/database.ts";
import { parseToolArguments } from "../../../src/tools/validate_arguments.ts";
import { ToolError } from "../../../src/lib/errors.ts";

Deno.test("create_schedule, list_schedules and delete_schedule work through the service", async () => {
  const dir = await Deno.makeTempDir({ prefix: "parapet-schedule-tools-" });
  const db = openDatabase(`${dir}/engine.db`);
  try {
    const clock = { now: () => Date.parse("2030-01-01T08:00:00Z") };
    const [create, list, remove] = createScheduleTools(new ScheduleService(new ScheduleStore(db), clock));
    assertEquals([create.name, list.name, remove.name], [
      "create_schedule",
      "list_schedules",
      "delete_schedule",
    ]);
    assertEquals([create.writes, list.writes, remove.writes], [true, false, true]);
    assert(!parseToolArguments(create, '{"task":"x"}').ok, "cron is required");
    const context = { sessionId: "s_a", signal: new AbortController().signal };
    const made = JSON.parse(
      (await create.execute({ cron: "30 7 * * 1", task: "Weekly report", timezone: "UTC" }, context)).output,
    );
    assertEquals([made.title, made.next_run_at, made.created_by_session], [
      "Weekly report",
      "2030-01-07T07:30:00.000Z",
      "s_a",
    ]);
    const listed = JSON.parse((await list.execute({}, context)).output);
    assertEquals(listed.map((item: { id: string }) => item.id), [made.id]);
    let refused: unknown;
    await create.execute({ cron: "every monday", task: "x" }, context).catch((error) => refused = error);
    assert(refused instanceof ToolError && refused.message.includes("five fields"));
    await remove.execute({ id: made.id }, context);
    assertEquals(JSON.parse((await list.execute({}, context)).output), []);
    let missing: unknown;
    await remove.execute({ id: made.id }, context).catch((error) => missing = error);
    assert(missing instanceof ToolError);
  } finally {
    closeDatabase(db);
    await Deno.remove(dir, { recursive: true });
  }
});
