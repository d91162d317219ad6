/** Fail-closed tool calls run only once their audit entries are on disk; a failed audit write blocks them. */
import assert from "node:assert/strict";
import { z } from "zod";
import { ToolPipeline } from "../../src/engine/tool_pipeline.ts";
import { auditPort } from "../../src/app/audit_trail.ts";
import { noMetrics } from "../../src/engine/ports.ts";
import type { AuditRecorder } from "../../src/protocol/audit_events.ts";
import type { ServerEvent } from "../../src/protocol/server_events.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { openAuditLog } from "../../src/audit/audit_log.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";
import type { AnyTool } from "../../src/tools/types.ts";
import { systemClock } from "../../src/lib/clock.ts";

function rig(audit: AuditRecorder, failClosed: boolean, onExecute: () => Promise<void> | void = () => {}) {
  const runs: string[] = [];
  const tool: AnyTool = {
    name: "touch",
    group: "files",
    description: "test tool",
    parameters: z.object({ path: z.string() }),
    writes: true,
    async execute(args) {
      await onExecute();
      runs.push(args.path);
      return { output: "done", isError: false };
    },
  };
  const events: ServerEvent[] = [];
  const pipeline = new ToolPipeline({
    tools: { get: (name) => name === tool.name ? tool : undefined },
    parseArguments: parseToolArguments,
    shield: {
      evaluate: () =>
        Promise.resolve({
          decision: "ALLOW",
          tier: 0,
          reason: "allowed by test",
          confidence: 1,
          tier_results: [{ tier: 0, decision: "ALLOW", reason: "allowed by test" }],
        }),
    },
    events: { emit: (event) => events.push(event) },
    audit,
    metrics: noMetrics,
    logger: new JsonLogger({ stderr: false }),
    clock: systemClock,
    failClosed,
  });
  const run = () =>
    pipeline.run({ id: "c1", name: "touch", arguments: '{"path":"a.txt"}' }, {
      sessionId: "s1",
      otr: false,
      signal: new AbortController().signal,
      offered: new Set(["touch"]),
    });
  return { run, runs, events };
}

const failingAudit: AuditRecorder = { record: () => Promise.resolve(new Error("disk full")) };

Deno.test("tool pipeline, fail-closed: an audit write that fails blocks the call with a clear reason", async () => {
  const { run, runs, events } = rig(failingAudit, true);
  const outcome = await run();
  assert.deepEqual(runs, [], "the tool did not run");
  assert.equal(outcome.executed, false);
  assert.equal(outcome.verdict?.decision, "BLOCK");
  assert.match(outcome.content, /The audit log could not record this call: disk full/);
  const verdicts = events.filter((event) => event.type === "shield_verdict");
  assert.equal(verdicts.length, 1);
  assert.equal(verdicts[0].data.decision, "BLOCK");
});

Deno.test("tool pipeline, fail-open: an audit write that fails is logged and the call still runs", async () => {
  const { run, runs } = rig(failingAudit, false);
  const outcome = await run();
  assert.deepEqual(runs, ["a.txt"]);
  assert.equal(outcome.executed, true);
});

Deno.test("tool pipeline, fail-closed: the proposal and verdict are on disk before the tool runs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "parapet_pipeline_audit_" });
  try {
    // A long group-commit spacing: waiting it out would take a minute, so passing shows the wait is skipped.
    const log = await openAuditLog(`${dir}/audit.jsonl`, { clock: systemClock, fsyncIntervalMs: 60_000 });
    await log.append({ event: "earlier", session_id: "", action_type: "" });
    let seen: string[] = [];
    const { run, runs } = rig(auditPort(log, new JsonLogger({ stderr: false })), true, async () => {
      const text = await Deno.readTextFile(`${dir}/audit.jsonl`);
      seen = text.trim().split("\n").map((line) => JSON.parse(line).event);
    });
    await run();
    await log.close();
    assert.deepEqual(runs, ["a.txt"]);
    assert.deepEqual(seen, ["earlier", "action_proposed", "verdict"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("tool pipeline, fail-closed: a real audit log replaced by a directory blocks the call", async () => {
  const dir = await Deno.makeTempDir({ prefix: "parapet_pipeline_audit_" });
  try {
    const path = `${dir}/audit.jsonl`;
    const log = await openAuditLog(path, { clock: systemClock, fsyncIntervalMs: 0 });
    await log.append({ event: "earlier", session_id: "", action_type: "" });
    await Deno.remove(path);
    await Deno.mkdir(path);
    const { run, runs } = rig(auditPort(log, new JsonLogger({ stderr: false })), true);
    const outcome = await run();
    await log.close();
    assert.deepEqual(runs, []);
    assert.equal(outcome.verdict?.decision, "BLOCK");
    assert.match(
      outcome.content,
      /The audit log could not record this call: Cannot write audit log ".*audit\.jsonl"/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
