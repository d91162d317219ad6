/** Metrics and live logs end to end: what a scripted session did is what the metrics API reports, and engine
 * log entries reach every connected client. */
import { assert, assertEquals } from "../support/assert.ts";
import { startAgentRig } from "./agent_support.ts";
import type { EventRecord } from "../support/ws_client.ts";

const STEPS = [
  {
    toolCalls: [{ name: "write_file", arguments: { path: "notes/a.txt", content: "alpha" } }],
    usage: { prompt_tokens: 100, completion_tokens: 10 },
  },
  {
    toolCalls: [{ name: "read_file", arguments: { path: "notes/a.txt" } }],
    usage: { prompt_tokens: 200, completion_tokens: 20 },
  },
  // Private keys are off limits: Shield Tier 0 blocks this one.
  {
    toolCalls: [{ name: "read_file", arguments: { path: "~/.ssh/id_rsa" } }],
    usage: { prompt_tokens: 300, completion_tokens: 30 },
  },
  { text: "All done.", usage: { prompt_tokens: 400, completion_tokens: 40 } },
];
const INPUT = 1000;
const OUTPUT = 100;

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

Deno.test("metrics end to end: token sums, daily row, Shield decisions by tier and latency match the session", async () => {
  const rig = await startAgentRig();
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);
    rig.llm.enqueue(...STEPS);
    client.send({ type: "message", session_id: sessionId, content: "Write, read, then try the key" });
    await client.waitFor("response_complete");
    const verdicts = client.ofType("shield_verdict").map((event) => event.data!);
    assertEquals(verdicts.map((verdict) => verdict.decision), ["ALLOW", "ALLOW", "BLOCK"]);
    assertEquals(verdicts[2].tier, 0);

    const { status, body: today } = await getJson(`${rig.engine.url}/api/metrics`);
    assertEquals(status, 200);
    assertEquals(today.period, "today");
    assertEquals(today.token_usage, {
      input_tokens: INPUT,
      output_tokens: OUTPUT,
      total_tokens: INPUT + OUTPUT,
    });
    assertEquals(today.llm_calls, STEPS.length);

    const session = (await getJson(`${rig.engine.url}/api/metrics/session/${sessionId}`)).body;
    assertEquals(
      [
        session.input_tokens,
        session.output_tokens,
        session.total_tokens,
        session.llm_calls,
        session.tool_calls,
      ],
      [INPUT, OUTPUT, INPUT + OUTPUT, STEPS.length, 2],
    );

    const daily = await getJson(`${rig.engine.url}/api/metrics/daily?days=1`);
    assertEquals(daily.status, 200);
    const rows = daily.body as unknown as Record<string, unknown>[];
    assertEquals(rows.length, 1);
    assertEquals(rows[0].date, today.to);
    assertEquals([rows[0].input_tokens, rows[0].output_tokens, rows[0].total_tokens], [
      INPUT,
      OUTPUT,
      INPUT + OUTPUT,
    ]);

    const shield = today.shield as {
      decisions: Record<string, number>;
      by_tier: Record<string, Record<string, number>>;
    };
    const byTier = Object.values(shield.by_tier);
    assertEquals(byTier.reduce((sum, tier) => sum + (tier.ALLOW ?? 0), 0), 2, JSON.stringify(shield));
    assertEquals(byTier.reduce((sum, tier) => sum + (tier.BLOCK ?? 0), 0), 1, JSON.stringify(shield));
    assertEquals(shield.by_tier["0"]?.BLOCK, 1, JSON.stringify(shield));
    assertEquals(shield.decisions.ALLOW, 2);
    assertEquals(shield.decisions.BLOCK, 1);

    const performance = today.performance as Record<string, unknown>;
    for (const [key, value] of Object.entries(performance)) {
      assert(
        typeof value === "number" && Number.isFinite(value) && value >= 0,
        `${key} is a number: ${value}`,
      );
    }
    assert((performance.shield_t0_p50_ms as number) > 0, `shield_t0_p50_ms ${performance.shield_t0_p50_ms}`);
    assert((performance.avg_latency_ms as number) > 0, `avg_latency_ms ${performance.avg_latency_ms}`);
    for (const key of ["avg_latency_ms", "p50_latency_ms", "p95_latency_ms", "p99_latency_ms"]) {
      assert(key in performance, key);
    }
  } finally {
    await rig.close();
  }
});

Deno.test("log_entry events reach every connected client, whatever session it watches", async () => {
  const rig = await startAgentRig();
  try {
    const [first, second] = [await rig.newSession(), await rig.newSession()];
    const one = await rig.connect(first);
    const two = await rig.connect(second);
    const key = (event: EventRecord) => JSON.stringify([event.timestamp, event.data]);
    // A failing model call is logged by the engine (llm_call_failed); it happens in the first session only.
    rig.llm.setFallback(() => ({ status: 500, body: "upstream exploded" }));
    one.send({ type: "message", session_id: first, content: "Hello" });
    await one.waitFor("error");
    const failure = await one.waitFor("log_entry", (event) => event.data!.event === "llm_call_failed");
    assertEquals(failure.data!.level, "warn");
    const seen = one.ofType("log_entry").map(key);
    // Every entry the first client saw must also reach the second one.
    for (const entry of seen) {
      await two.waitFor("log_entry", (event) => key(event) === entry);
    }
    for (const event of [...one.ofType("log_entry"), ...two.ofType("log_entry")]) {
      assertEquals(event.session_id, "");
      for (const field of ["level", "event", "message", "fields"]) assert(field in event.data!, field);
    }
    assertEquals(two.ofType("error").length, 0, "the other session's events stay private");
  } finally {
    await rig.close();
  }
});
