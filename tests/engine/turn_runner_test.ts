/** The turn runner through its ports: a scripted model, sessions in memory, a recording pipeline and event sink. */
import assert from "node:assert/strict";
import { type TurnDeps, TurnRunner } from "../../src/engine/turn_runner.ts";
import type { TurnLimits } from "../../src/engine/turn.ts";
import type { CallContext, ToolOutcome } from "../../src/engine/tool_call.ts";
import { ProviderError } from "../../src/lib/errors.ts";
import { silentLogger } from "../../src/log/logger.ts";
import type { ToolCall } from "../../src/providers/types.ts";
import {
  fakeClock,
  memorySessions,
  recordedEvents,
  recordedMetrics,
  scriptedModel,
  type ScriptedReply,
  toolCall,
  verdict,
} from "../support/core_fakes.ts";

const LIMITS: TurnLimits = {
  maxToolRounds: 3,
  maxResponseTokens: 1000,
  contextWindow: 100_000,
  compactionThreshold: 80,
  outputSanitization: false,
};

function rig(
  replies: ScriptedReply[],
  options: {
    limits?: Partial<TurnLimits>;
    noModel?: boolean;
    batch?: TurnDeps["batch"];
    onCall?: (count: number) => void;
  } = {},
) {
  const clock = fakeClock();
  const sessions = memorySessions(clock);
  const events = recordedEvents();
  const metrics = recordedMetrics();
  const scripted = scriptedModel(replies);
  const calls: { call: ToolCall; context: CallContext }[] = [];
  const deps: TurnDeps = {
    sessions,
    pipeline: {
      run(call, context): Promise<ToolOutcome> {
        calls.push({ call, context });
        options.onCall?.(calls.length);
        return Promise.resolve({
          actionId: `a_${calls.length}`,
          toolName: call.name,
          content: `ran ${call.name}`,
          isError: false,
          verdict: verdict("ALLOW", 1),
          executed: true,
          durationMs: 4,
        });
      },
    },
    events,
    metrics,
    logger: silentLogger,
    clock,
    model: () => options.noModel ? undefined : scripted.model,
    toolSpecs: () => [{ name: "read_file", description: "reads", parameters: { type: "object" } }],
    systemPrompt: () => Promise.resolve("You are a test."),
    limits: () => ({ ...LIMITS, ...options.limits }),
    batch: options.batch,
  };
  const session = sessions.create("normal");
  const run = (content = "hello", signal = new AbortController().signal) =>
    new TurnRunner(deps).run(session.id, content, signal);
  return { run, sessions, session, events, metrics, calls, scripted };
}

Deno.test("turn: a plain answer streams tokens, then response_complete, and is stored with its usage", async () => {
  const { run, sessions, session, events, metrics } = rig([{
    text: ["Hi", " there"],
    usage: { input: 10, output: 2 },
  }]);
  await run("hello");
  assert.deepEqual(events.types(), ["llm_token", "llm_token", "response_complete"]);
  const done = events.ofType("response_complete")[0].data;
  assert.equal(done.content, "Hi there");
  assert.deepEqual(done.token_usage, { input_tokens: 10, output_tokens: 2, total_tokens: 12 });
  assert.equal(events.ofType("llm_token")[0].data.message_id, done.message_id);
  const stored = sessions.messages(session.id);
  assert.deepEqual(stored.map((message) => [message.role, message.content]), [["user", "hello"], [
    "assistant",
    "Hi there",
  ]]);
  assert.equal(stored[1].message_id, done.message_id);
  assert.equal(sessions.get(session.id).title, "hello", "the first message titles the session");
  assert.equal(metrics.llm.length, 1);
});

Deno.test("turn: tool calls go through the pipeline with the turn's context and come back as tool messages", async () => {
  const { run, sessions, session, calls, scripted } = rig([
    {
      text: ["Let me look."],
      calls: [toolCall("read_file", { path: "a" }, "c1"), toolCall("read_file", {}, "c2")],
    },
    { text: ["Done."] },
  ]);
  await run();
  assert.deepEqual(calls.map(({ call }) => call.id), ["c1", "c2"]);
  assert.equal(calls[0].context.sessionId, session.id);
  assert.equal(calls[0].context.reasoning, "Let me look.");
  assert.deepEqual([...calls[0].context.offered], ["read_file"]);
  const tool = sessions.messages(session.id).filter((message) => message.role === "tool");
  assert.deepEqual(
    tool.map((message) => message.tool_outcome),
    [1, 2].map(() => ({
      decision: "ALLOW",
      tier: 1,
      reason: "ALLOW by test",
      is_error: false,
      duration_ms: 4,
    })),
  );
  assert.equal(scripted.requests.length, 2);
  assert.ok(JSON.stringify(scripted.requests[1].messages).includes("ran read_file"), "results reach round 2");
});

Deno.test("turn: after max_tool_rounds the model is offered no tools and the limit is a thought", async () => {
  const again = { calls: [toolCall("read_file", { path: "a" })] };
  const { run, events, scripted } = rig([again, again, { text: ["ok"] }], { limits: { maxToolRounds: 1 } });
  await run();
  assert.deepEqual(scripted.requests.map((request) => request.tools), [["read_file"], [], []]);
  const thoughts = events.ofType("response_complete")[0].data.thoughts.map((thought) => thought.stage);
  assert.ok(thoughts.includes("limit"), thoughts.join());
});

Deno.test("turn: a provider failure is LLM_CALL_FAILED and keeps what was streamed", async () => {
  const { run, sessions, session, events } = rig([{
    text: ["partial"],
    error: new ProviderError("upstream 503", true),
  }]);
  await run();
  assert.deepEqual(events.types(), ["llm_token", "error"]);
  assert.deepEqual(events.ofType("error")[0].data, {
    code: "LLM_CALL_FAILED",
    message: "upstream 503",
    recoverable: true,
  });
  assert.equal(sessions.messages(session.id).at(-1)?.content, "partial");
});

Deno.test("turn: a cancel mid-answer completes the turn with what was streamed and a cancelled thought", async () => {
  const controller = new AbortController();
  const { run, events } = rig([{ text: ["so far"], hang: true }]);
  const running = run("hello", controller.signal);
  while (!events.types().includes("llm_token")) await new Promise((resolve) => setTimeout(resolve, 0));
  controller.abort(new DOMException("Cancelled by the user", "AbortError"));
  await running;
  const done = events.ofType("response_complete")[0].data;
  assert.equal(done.content, "so far");
  assert.deepEqual(done.thoughts.map((thought) => thought.stage), ["cancelled"]);
});

Deno.test("turn: without a chat model the user's message is kept and NO_MODEL is the answer", async () => {
  const { run, sessions, session, events } = rig([], { noModel: true });
  await run("anyone there?");
  assert.deepEqual(events.types(), ["error"]);
  assert.equal(events.ofType("error")[0].data.code, "NO_MODEL");
  assert.deepEqual(sessions.messages(session.id).map((message) => message.content), ["anyone there?"]);
});

Deno.test("turn: past the compaction threshold older history is summarised first and the summary is used", async () => {
  const { run, sessions, session, events, scripted } = rig(
    [{ text: ["A summary."], usage: { input: 50, output: 5 } }, { text: ["Answer."] }],
    { limits: { contextWindow: 100, compactionThreshold: 50 } },
  );
  sessions.addMessage(session.id, { role: "user", content: "x".repeat(400) });
  sessions.addMessage(session.id, { role: "assistant", content: "y".repeat(400) });
  await run("and now?");
  assert.equal(sessions.summary(session.id), "A summary.");
  const second = JSON.stringify(scripted.requests[1].messages);
  assert.ok(second.includes("Summary of the earlier conversation\\nA summary."), second);
  assert.ok(!second.includes("x".repeat(400)), "folded messages left the context");
  const stages = events.ofType("response_complete")[0].data.thoughts.map((thought) => thought.stage);
  assert.deepEqual(stages, ["compaction"]);
});

Deno.test("turn: an off-the-record session records no metrics", async () => {
  const { sessions, events } = rig([]);
  const scripted = scriptedModel([{ text: ["hi"] }]);
  const metrics = recordedMetrics();
  const otr = sessions.create("otr");
  await new TurnRunner({
    sessions,
    pipeline: { run: () => Promise.reject(new Error("no tools")) },
    events,
    metrics,
    logger: silentLogger,
    clock: fakeClock(),
    model: () => scripted.model,
    toolSpecs: () => [],
    systemPrompt: () => Promise.resolve(""),
    limits: () => LIMITS,
  }).run(otr.id, "secret", new AbortController().signal);
  assert.deepEqual(metrics.llm, []);
  assert.equal(events.ofType("response_complete").length, 1);
});

Deno.test("turn: a round's writes are batched, and each tool call is stored before it runs", async () => {
  const batches: string[][] = [];
  let open: string[] | undefined;
  const { run, sessions, session, metrics } = rig([
    { calls: [toolCall("read_file", { path: "a" }, "c1"), toolCall("read_file", {}, "c2")] },
    { text: ["done"] },
  ], {
    batch: (work) => {
      open = [];
      work();
      batches.push(open);
      open = undefined;
    },
  });
  const addMessage = sessions.addMessage.bind(sessions);
  sessions.addMessage = (id, message) => {
    assert.ok(open, `message "${message.content}" stored outside a batch`);
    open.push(message.role);
    return addMessage(id, message);
  };
  const llmCall = metrics.llmCall;
  metrics.llmCall = (sample) => {
    assert.ok(open, "model-call sample stored outside a batch");
    open.push("llm_call");
    llmCall(sample);
  };
  await run("hello");
  assert.deepEqual(batches, [
    ["user"],
    ["llm_call", "assistant"],
    ["tool"],
    ["tool"],
    ["llm_call", "assistant"],
  ]);
  assert.deepEqual(sessions.messages(session.id).map((message) => message.role), [
    "user",
    "assistant",
    "tool",
    "tool",
    "assistant",
  ]);
});

Deno.test("turn: a cancel between tool calls still stores what the round did", async () => {
  const controller = new AbortController();
  const { run, sessions, session, calls } = rig([
    { calls: [toolCall("read_file", { path: "a" }, "c1"), toolCall("read_file", {}, "c2")] },
  ], { onCall: () => controller.abort() });
  await run("hello", controller.signal);
  assert.equal(calls.length, 1, "the second call never ran");
  const stored = sessions.messages(session.id);
  assert.deepEqual(stored.map((message) => message.role), ["user", "assistant", "tool", "assistant"]);
  assert.equal(stored[2].tool_call_id, "c1");
});

Deno.test("turn: a crash while a tool runs leaves its call and every earlier result stored", async () => {
  const seen: string[][] = [];
  const { run, sessions, session } = rig([
    { calls: [toolCall("read_file", { path: "a" }, "c1"), toolCall("read_file", {}, "c2")] },
    { text: ["done"] },
  ], {
    // What engine.db holds while the tool runs is what a kill -9 at that moment would leave.
    onCall: () =>
      seen.push(sessions.messages(session.id).map((message) => message.tool_call_id ?? message.role)),
  });
  await run("hello");
  assert.deepEqual(seen, [["user", "assistant"], ["user", "assistant", "c1"]]);
  const asked = sessions.messages(session.id)[1];
  assert.deepEqual(asked.tool_calls?.map((call) => call.id), ["c1", "c2"]);
});
