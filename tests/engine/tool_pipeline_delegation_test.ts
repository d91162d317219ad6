/** What the pipeline adds for delegated and open-world calls: a sub-agent's id on its events and audit entries,
 * and an MCP tool's annotations and input schema handed to Shield with the action. */
import assert from "node:assert/strict";
import { z } from "zod";
import { ToolPipeline } from "../../src/engine/tool_pipeline.ts";
import { noMetrics } from "../../src/engine/ports.ts";
import type { ServerEvent as PipelineEvent } from "../../src/protocol/server_events.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";
import type { AnyTool } from "../../src/tools/types.ts";
import type { Action } from "../../src/shield/types.ts";
import { systemClock } from "../../src/lib/clock.ts";

const tool: AnyTool = {
  name: "mcp__notes__delete_all_notes",
  group: "mcp",
  description: "Delete every note",
  parameters: z.object({ confirm: z.boolean() }),
  inputSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
  annotations: { readOnlyHint: false, destructiveHint: true },
  writes: true,
  execute: () => Promise.resolve({ output: "deleted", isError: false }),
};

function rig() {
  const actions: Action[] = [];
  const events: PipelineEvent[] = [];
  const audit: { event: string; details: Record<string, unknown> }[] = [];
  const pipeline = new ToolPipeline({
    tools: { get: (name) => name === tool.name ? tool : undefined },
    parseArguments: parseToolArguments,
    shield: {
      evaluate: (action) => {
        actions.push(action);
        return Promise.resolve({
          decision: "ALLOW",
          tier: 0,
          reason: "allowed by test",
          confidence: 1,
          tier_results: [{ tier: 0, decision: "ALLOW", reason: "allowed by test" }],
        });
      },
    },
    events: { emit: (event) => events.push(event) },
    audit: {
      record: (event, _session, _type, details) => {
        audit.push({ event, details });
        return Promise.resolve(undefined);
      },
    },
    metrics: noMetrics,
    logger: new JsonLogger({ stderr: false }),
    clock: systemClock,
    failClosed: true,
  });
  return { pipeline, actions, events, audit };
}

Deno.test("tool pipeline: Shield receives an MCP tool's annotations and input schema with the action", async () => {
  const { pipeline, actions } = rig();
  await pipeline.run({ id: "c1", name: tool.name, arguments: '{"confirm":true}' }, {
    sessionId: "s1",
    otr: false,
    signal: new AbortController().signal,
    offered: new Set([tool.name]),
  });
  assert.equal(actions.length, 1);
  assert.deepEqual(actions[0].annotations, { readOnlyHint: false, destructiveHint: true });
  assert.deepEqual(actions[0].inputSchema, tool.inputSchema);
  assert.equal(actions[0].type, "mcp__notes__delete_all_notes");
});

Deno.test("tool pipeline: a sub-agent's call carries its id on every event and audit entry", async () => {
  const { pipeline, events, audit } = rig();
  await pipeline.run({ id: "c1", name: tool.name, arguments: '{"confirm":true}' }, {
    sessionId: "s_parent",
    otr: false,
    signal: new AbortController().signal,
    offered: new Set([tool.name]),
    agentId: "sa_1",
  });
  assert.deepEqual(
    events.map((event) => [event.type, event.session_id, (event.data as { agent_id?: string }).agent_id]),
    [
      ["action_started", "s_parent", "sa_1"],
      ["shield_verdict", "s_parent", "sa_1"],
      ["action_completed", "s_parent", "sa_1"],
    ],
  );
  assert.ok(audit.length >= 3 && audit.every((entry) => entry.details.agent_id === "sa_1"));
});
