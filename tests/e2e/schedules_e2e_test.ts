/** Schedules in the real engine (in this process, so its clock can be a fake one): a schedule created in chat
 * (a call Shield judges), the engine restarted, the missed run happening once at the next look, its audit
 * trail; and a heartbeat that calls no LLM while nothing in HEARTBEAT.md is due. */
import { stringify } from "yaml";
import { assert, assertEquals } from "../support/assert.ts";
import { startEngine } from "../../src/app/start.ts";
import type { RunningEngine } from "../../src/app/engine_options.ts";
import { type RecordedRequest, startFakeLlm } from "../support/fake_llm.ts";
import { testConfig } from "../support/engine_harness.ts";
import { WsClient } from "../support/ws_client.ts";
import { eventually, messagesOf, toolResults } from "./sub_agent_support.ts";

type Json = Record<string, unknown>;
const MINUTE = 60_000;

class FakeClock {
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
}

/** A request that starts a turn: its last message is the user's. */
const startsTurn = (request: RecordedRequest) => messagesOf(request).at(-1)?.role === "user";

const lastUser = (request: RecordedRequest) =>
  String(messagesOf(request).filter((message) => message.role === "user").at(-1)?.content ?? "");

async function setUp(extra: Record<string, unknown> = {}) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-schedules-" }));
  const llm = await startFakeLlm();
  const configPath = `${root}/config.yaml`;
  await Deno.writeTextFile(configPath, stringify(testConfig({ llmUrl: llm.url, config: extra })));
  Deno.env.set("FAKE_LLM_KEY", "test-key");
  const clock = new FakeClock(Date.parse("2030-01-01T08:00:00Z"));
  let engine: RunningEngine | undefined;
  const start = async () => {
    engine = await startEngine({ configPath, port: 0, clock, stderrLogs: false, schedulePollMs: 20 });
    return engine;
  };
  const close = async () => {
    await engine?.stop();
    await llm.close();
    Deno.env.delete("FAKE_LLM_KEY");
    await Deno.remove(root, { recursive: true });
  };
  return { root, llm, clock, start, stop: () => engine!.stop(), close };
}

Deno.test("schedules e2e: created in chat, run once at its time after a restart, with its audit trail", async () => {
  const rig = await setUp();
  try {
    rig.llm.setFallback((request) => {
      const user = lastUser(request);
      if (user.startsWith("Scheduled task")) {
        return startsTurn(request)
          ? {
            toolCalls: [{
              name: "write_file",
              arguments: { path: "report.txt", content: "morning report\n" },
            }],
          }
          : { text: "Report written." };
      }
      return toolResults(request).length === 0
        ? {
          toolCalls: [{
            name: "create_schedule",
            arguments: {
              cron: "0 9 * * *",
              task: "Write report.txt",
              title: "Morning report",
              timezone: "UTC",
            },
          }],
        }
        : { text: "Scheduled." };
    });
    let engine = await rig.start();
    const session = await (await fetch(`${engine.url}/api/sessions`, { method: "POST", body: "{}" })).json();
    const client = await WsClient.connectWithKey(engine.url.replace("http", "ws") + "/api/ws", session.id);
    client.send({ type: "message", session_id: session.id, content: "Every morning at 9, write the report" });
    await client.waitFor("response_complete");
    const verdict = client.ofType("shield_verdict")[0].data!;
    assertEquals(verdict.decision, "ALLOW");
    const created = JSON.parse(String(client.ofType("action_completed")[0].data!.result));
    assertEquals(created.next_run_at, "2030-01-01T09:00:00.000Z");
    await client.close();
    await rig.stop();

    // Down from 08:00 to 11:30: the 09:00 run was missed.
    rig.clock.time = Date.parse("2030-01-01T11:30:00Z");
    engine = await rig.start();
    const report = `${engine.workspace}/report.txt`;
    await eventually(() => Deno.stat(report).then(() => true, () => undefined), "the scheduled run");
    assertEquals(await Deno.readTextFile(report), "morning report\n");
    rig.clock.time += 10 * MINUTE;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const runs = () => rig.llm.requests.filter((request) => lastUser(request).startsWith("Scheduled task"));
    assertEquals(runs().filter(startsTurn).length, 1, "the missed run ran once");

    const audit = await (await fetch(`${engine.url}/api/audit?lines=500`)).json() as { entries: Json[] };
    const judged = audit.entries.find((entry) =>
      entry.event === "verdict" && entry.action_type === "create_schedule"
    );
    assertEquals((judged?.details as Json).decision, "ALLOW");
    const ran = audit.entries.filter((entry) => entry.event === "schedule_run");
    assertEquals(ran.length, 1);
    assertEquals((ran[0].details as Json).schedule_id, created.id);
    assertEquals((ran[0].details as Json).late_ms, 150 * MINUTE);
    const wrote = audit.entries.find((entry) =>
      entry.event === "action_executed" && entry.action_type === "write_file"
    );
    assertEquals(wrote?.session_id, ran[0].session_id, "the run was a turn in the schedule's own session");

    rig.clock.time = Date.parse("2030-01-02T09:00:00Z");
    await eventually(
      () => runs().filter(startsTurn).length === 2 || undefined,
      "the next day's run",
    );
  } finally {
    await rig.close();
  }
});

Deno.test("schedules e2e: the heartbeat calls no LLM while nothing in HEARTBEAT.md is due", async () => {
  const rig = await setUp({ agents: { heartbeat_interval_minutes: 30 } });
  try {
    rig.llm.setFallback(() => ({ text: "Checked." }));
    const engine = await rig.start();
    const heartbeat = `${engine.workspace}/HEARTBEAT.md`;
    const tick = async (minutes: number) => {
      rig.clock.time += minutes * MINUTE;
      await new Promise((resolve) => setTimeout(resolve, 150));
    };
    await tick(30);
    await Deno.writeTextFile(heartbeat, "# Heartbeat\n\n- [cron 0 18 * * *] Evening summary\n");
    await tick(30);
    await tick(30);
    assertEquals(rig.llm.requests.length, 0, "nothing due: no LLM call");
    await Deno.writeTextFile(
      heartbeat,
      "# Heartbeat\n\n- [cron 0 18 * * *] Evening summary\n- Check the build\n",
    );
    await tick(30);
    await eventually(() => rig.llm.requests.length === 1 || undefined, "the heartbeat turn");
    const content = lastUser(rig.llm.requests[0]);
    assert(content.includes("- Check the build") && !content.includes("Evening"), content);
  } finally {
    await rig.close();
  }
});
