/** The tool pipeline's stages through their ports, with fakes: each stage's way of ending a call, the order of
 * events and audit entries, and the fail-closed rule. No files, no processes, no network. */
import assert from "node:assert/strict";
import { ToolPipeline } from "../../src/engine/tool_pipeline.ts";
import type { CallContext } from "../../src/engine/tool_call.ts";
import {
  fakeShield,
  fakeTool,
  pipelineDeps,
  recordedAudit,
  toolCall,
  verdict,
} from "../support/core_fakes.ts";
import type { IfcPort } from "../../src/engine/ports.ts";

const context = (overrides: Partial<CallContext> = {}): CallContext => ({
  sessionId: "s1",
  otr: false,
  signal: new AbortController().signal,
  offered: new Set(["touch"]),
  ...overrides,
});

Deno.test("pipeline: an allowed call is announced, judged, recorded, run and completed in that order", async () => {
  const tool = fakeTool();
  const { deps, events, audit, metrics } = pipelineDeps([tool]);
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a.txt" }), context());
  assert.deepEqual(tool.runs, [{ path: "a.txt" }]);
  assert.equal(outcome.executed, true);
  assert.equal(outcome.content, "done a.txt");
  assert.equal(outcome.verdict?.decision, "ALLOW");
  assert.deepEqual(events.types(), ["action_started", "shield_verdict", "action_completed"]);
  assert.deepEqual(audit.names(), ["action_proposed", "verdict", "action_executed"]);
  assert.equal(audit.entries[1].details.target, "a.txt");
  assert.equal(audit.entries[1].immediate, true, "fail-closed: the verdict is written at once");
  assert.equal(metrics.tools.length, 1);
  const started = events.ofType("action_started")[0];
  assert.deepEqual(started.data.arguments, { path: "a.txt" });
  assert.equal(started.data.action_id, outcome.actionId);
});

Deno.test("pipeline: a tool not offered to the caller is refused before its arguments are read", async () => {
  const tool = fakeTool();
  const { deps, events, audit } = pipelineDeps([tool]);
  const outcome = await new ToolPipeline(deps).run(
    toolCall("touch", "not json"),
    context({ offered: new Set(["other"]) }),
  );
  assert.equal(outcome.content, 'Refused: Tool "touch" was not offered in this session');
  assert.equal(outcome.verdict?.decision, "BLOCK");
  assert.equal(outcome.verdict?.tier, 0);
  assert.deepEqual(tool.runs, []);
  assert.deepEqual(events.types(), ["action_started", "shield_verdict", "action_completed"]);
  assert.deepEqual(audit.names(), ["action_proposed", "verdict"]);
});

Deno.test("pipeline: invalid arguments are refused once, naming the tool and the field", async () => {
  const { deps } = pipelineDeps([fakeTool()]);
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: 7 }), context());
  assert.match(outcome.content, /^Refused: Invalid arguments for "touch": path: /);
  assert.equal(outcome.content.match(/Invalid arguments/g)?.length, 1);
});

Deno.test("pipeline: an off-the-record write is refused with otr_blocked and no verdict", async () => {
  const tool = fakeTool({ writes: true });
  const { deps, events, audit } = pipelineDeps([tool]);
  const shield = fakeShield();
  deps.shield = shield.shield;
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context({ otr: true }));
  assert.equal(outcome.verdict, undefined);
  assert.match(outcome.content, /off-the-record session: nothing may be written/);
  assert.deepEqual(events.types(), ["action_started", "otr_blocked"]);
  assert.deepEqual(audit.entries.map((entry) => entry.details), [{ action_id: outcome.actionId }, {
    action_id: outcome.actionId,
  }], "OTR entries hold the action id and nothing else");
  assert.deepEqual(shield.judged, []);
});

Deno.test("pipeline: Shield judges the resolved arguments and the tool acts on exactly those", async () => {
  const tool = fakeTool({ resolve: (args) => Promise.resolve({ path: `/real/${args.path}` }) });
  const shield = fakeShield();
  const { deps } = pipelineDeps([tool], { shield: shield.shield });
  await new ToolPipeline(deps).run(toolCall("touch", { path: "link" }), context());
  assert.deepEqual(shield.judged, [{ type: "touch", payload: { path: "/real/link" } }]);
  assert.deepEqual(tool.runs, [{ path: "/real/link" }]);
});

Deno.test("pipeline: a target the tool refuses to resolve never reaches Shield", async () => {
  const tool = fakeTool({ resolve: () => Promise.reject(new Error("outside the workspace")) });
  const shield = fakeShield();
  const { deps } = pipelineDeps([tool], { shield: shield.shield });
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "../x" }), context());
  assert.equal(outcome.content, "Refused: Tool failed: outside the workspace");
  assert.deepEqual(shield.judged, []);
  assert.deepEqual(tool.runs, []);
});

Deno.test("pipeline: a blocked flow is decided by IFC alone; an escalated one asks Shield for tier 2 at least", async () => {
  const tool = fakeTool();
  const hints: unknown[] = [];
  const ifc = (decision: "block" | "escalate"): IfcPort => ({
    checkSink: () => ({ decision, level: "critical", sink: "external_send", reason: "secret to the web" }),
    recordRead: () => {},
  });
  const shield = {
    evaluate: (_: unknown, hint: unknown) => (hints.push(hint), Promise.resolve(verdict("ALLOW"))),
  };
  const blocked = pipelineDeps([tool], { ifc: ifc("block"), shield });
  const outcome = await new ToolPipeline(blocked.deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(outcome.content, "Blocked by Shield (tier 0): Information flow: secret to the web");
  assert.deepEqual(hints, []);
  const escalated = pipelineDeps([tool], { ifc: ifc("escalate"), shield });
  await new ToolPipeline(escalated.deps).run(toolCall("touch", { path: "a" }), context());
  assert.deepEqual(hints, [{ minimumTier: 2, reasoning: "secret to the web" }]);
});

Deno.test("pipeline: a Shield BLOCK and an unanswered ESCALATE end the call with the verdict's words", async () => {
  for (
    const [answer, text] of [
      [verdict("BLOCK", 1, "reverse shell"), "Blocked by Shield (tier 1): reverse shell"],
      [verdict("ESCALATE", 3, "nobody answered"), "Not approved by Shield (tier 3): nobody answered"],
    ] as const
  ) {
    const tool = fakeTool();
    const { deps, audit } = pipelineDeps([tool], { shield: fakeShield(answer).shield });
    const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context());
    assert.equal(outcome.content, text);
    assert.equal(outcome.executed, false);
    assert.deepEqual(tool.runs, []);
    assert.deepEqual(audit.names(), ["action_proposed", "verdict"]);
  }
});

Deno.test("pipeline, fail-closed: a Shield that throws blocks the call; fail-open, it is escalated, never run", async () => {
  const throwing = { evaluate: () => Promise.reject(new Error("classifier down")) };
  const closed = pipelineDeps([fakeTool()], { shield: throwing });
  const blocked = await new ToolPipeline(closed.deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(blocked.content, "Refused: Shield evaluation failed: classifier down");
  assert.equal(blocked.verdict?.decision, "BLOCK");
  const tool = fakeTool();
  const open = pipelineDeps([tool], { shield: throwing, failClosed: false });
  const escalated = await new ToolPipeline(open.deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(escalated.verdict?.decision, "ESCALATE");
  assert.equal(
    escalated.content,
    "Not approved by Shield (tier 0): Shield evaluation failed: classifier down",
  );
  assert.deepEqual(tool.runs, []);
});

Deno.test("pipeline, fail-closed: nothing runs that the audit log could not record", async () => {
  const tool = fakeTool();
  const audit = recordedAudit();
  audit.failWith(new Error("disk full"));
  const { deps, events } = pipelineDeps([tool], { audit });
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(outcome.content, "Refused: The audit log could not record this call: disk full");
  assert.deepEqual(tool.runs, []);
  assert.deepEqual(events.ofType("shield_verdict").map((event) => event.data.decision), ["BLOCK"]);
  const open = pipelineDeps([tool], { audit, failClosed: false });
  assert.equal(
    (await new ToolPipeline(open.deps).run(toolCall("touch", { path: "a" }), context())).executed,
    true,
  );
});

Deno.test("pipeline: a failed snapshot blocks a change when fail-closed and is skipped when fail-open", async () => {
  const failing = { snapshot: () => Promise.reject(new Error("no space")) };
  const tool = fakeTool({ writes: true, affected: ["a"] });
  const closed = pipelineDeps([tool], { snapshots: failing });
  const outcome = await new ToolPipeline(closed.deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(outcome.content, "Refused: The workspace snapshot before this change failed: no space");
  assert.deepEqual(tool.runs, []);
  const open = pipelineDeps([tool], { snapshots: failing, failClosed: false });
  assert.equal(
    (await new ToolPipeline(open.deps).run(toolCall("touch", { path: "a" }), context())).executed,
    true,
  );
});

Deno.test("pipeline: a snapshot is taken before a write, with the paths the tool will change", async () => {
  const taken: unknown[] = [];
  const tool = fakeTool({ writes: true, affected: ["notes.md"] });
  const { deps } = pipelineDeps([tool], {
    snapshots: { snapshot: (input) => (taken.push({ ...input, ran: tool.runs.length }), Promise.resolve()) },
  });
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "notes.md" }), context());
  assert.deepEqual(taken, [{
    sessionId: "s1",
    actionId: outcome.actionId,
    toolName: "touch",
    paths: ["notes.md"],
    ran: 0,
  }]);
});

Deno.test("pipeline: a tool's own failure is an error result for the model, audited as failed", async () => {
  const tool = fakeTool({
    run: () => {
      throw new Error("EACCES");
    },
  });
  const { deps, audit } = pipelineDeps([tool]);
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(outcome.content, "Tool failed: EACCES");
  assert.equal(outcome.isError, true);
  assert.equal(outcome.executed, true);
  assert.deepEqual(audit.names(), ["action_proposed", "verdict", "action_failed"]);
});

Deno.test("pipeline: a long result is capped for the model with a note of what was left out", async () => {
  const tool = fakeTool({ run: () => ({ output: "x".repeat(150), isError: false }) });
  const { deps } = pipelineDeps([tool], { maxResultChars: 100 });
  const outcome = await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context());
  assert.equal(outcome.content, `${"x".repeat(100)}\n[... 50 characters omitted]`);
});

Deno.test("pipeline: reads a tool reports raise the session's taint; OTR calls leave no metrics", async () => {
  const reads: unknown[] = [];
  const tool = fakeTool({
    run: () => ({ output: "secret", isError: false, reads: { paths: ["/home/u/.ssh/id"] } }),
  });
  const { deps, metrics } = pipelineDeps([tool], {
    ifc: {
      checkSink: () => ({ decision: "allow", level: "public", sink: "", reason: "" }),
      recordRead: (...args) => void reads.push(args),
    },
  });
  await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context({ otr: true }));
  assert.deepEqual(reads, [["s1", "touch", { paths: ["/home/u/.ssh/id"] }]]);
  assert.deepEqual(metrics.tools, []);
});

Deno.test("pipeline: a tool's per-call minimum tier, from the resolved arguments, reaches Shield", async () => {
  const hints: unknown[] = [];
  const tool = {
    ...fakeTool(),
    minimumTier: (args: Record<string, unknown>) =>
      String(args.path).startsWith("/outside") ? 3 as const : undefined,
  };
  const shield = {
    evaluate: (_: unknown, hint: unknown) => (hints.push(hint), Promise.resolve(verdict("ALLOW"))),
  };
  const { deps } = pipelineDeps([tool], { shield });
  await new ToolPipeline(deps).run(toolCall("touch", { path: "/outside/x" }), context());
  await new ToolPipeline(deps).run(toolCall("touch", { path: "inside" }), context());
  assert.deepEqual(hints.map((hint) => (hint as { minimumTier?: number }).minimumTier), [3, undefined]);
});

Deno.test("pipeline: a sub-agent's call is tagged with its id; an MCP tool's annotations reach Shield", async () => {
  const tool = { ...fakeTool(), annotations: { readOnlyHint: true }, inputSchema: { type: "object" } };
  const judged: unknown[] = [];
  const shield = { evaluate: (action: unknown) => (judged.push(action), Promise.resolve(verdict("ALLOW"))) };
  const { deps, events, audit } = pipelineDeps([tool], { shield });
  await new ToolPipeline(deps).run(toolCall("touch", { path: "a" }), context({ agentId: "ag_1" }));
  assert.deepEqual(events.events.map((event) => (event.data as { agent_id?: string }).agent_id), [
    "ag_1",
    "ag_1",
    "ag_1",
  ]);
  assert.ok(audit.entries.every((entry) => entry.details.agent_id === "ag_1"));
  assert.deepEqual((judged[0] as { annotations: unknown }).annotations, { readOnlyHint: true });
});
