/** The child's agent loop with a scripted model: it only proposes calls, stops at its round limit, reads the
 * parent's messages before a round, and reports a failed LLM call. */
import { assert, assertEquals } from "../../support/assert.ts";
import { type ChildPort, runChildLoop } from "../../../src/engine/sub_agents/child_loop.ts";
import type { ChildMessage } from "../../../src/engine/sub_agents/protocol.ts";
import type { ChatRequest, LanguageModel, StreamEvent } from "../../../src/providers/types.ts";
import { ProviderError } from "../../../src/lib/errors.ts";

type Reply = { text?: string; calls?: { id: string; name: string; arguments: string }[] } | "fail";

function scriptedModel(replies: Reply[]): LanguageModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    provider: "openai",
    model: "fake",
    requests,
    async *stream(request): AsyncIterable<StreamEvent> {
      requests.push(structuredClone({ ...request, signal: undefined }));
      const reply = replies.shift() ?? { text: "done" };
      if (reply === "fail") throw new ProviderError("Upstream answered 500", true, 500);
      if (reply.text) yield { type: "text-delta", text: reply.text };
      for (const call of reply.calls ?? []) yield { type: "tool-call", call };
      yield { type: "usage", input_tokens: 10, output_tokens: 2 };
    },
  };
}

function recordingPort(messagesFromParent: string[] = []): ChildPort & { sent: ChildMessage[] } {
  const sent: ChildMessage[] = [];
  return {
    sent,
    send: (message) => sent.push(message),
    runTool: (callId) => Promise.resolve({ content: `result of ${callId}`, isError: false }),
    takeMessages: () => messagesFromParent.splice(0),
  };
}

const task = (model: LanguageModel, maxRounds = 5) => ({
  model,
  systemPrompt: "system",
  task: "Do the thing",
  tools: [{ name: "read_file", description: "Read", parameters: { type: "object" } }],
  maxRounds,
  maxResponseTokens: 100,
});

Deno.test("the child proposes each call, feeds the result back and ends with its answer", async () => {
  const model = scriptedModel([
    { text: "Reading.", calls: [{ id: "c1", name: "read_file", arguments: '{"path":"a"}' }] },
    { text: "It says hi." },
  ]);
  const port = recordingPort();
  await runChildLoop(task(model), port);
  assertEquals(port.sent.map((message) => message.type), [
    "round",
    "token",
    "usage",
    "assistant",
    "tool_call",
    "round",
    "token",
    "usage",
    "done",
  ]);
  assertEquals(port.sent.at(-1), { type: "done", content: "It says hi." });
  const second = model.requests[1].messages;
  assertEquals(second.at(-1), {
    role: "tool",
    tool_call_id: "c1",
    name: "read_file",
    content: "result of c1",
  });
});

Deno.test("the child stops after its last round without running that round's calls", async () => {
  const call = { id: "c1", name: "read_file", arguments: "{}" };
  const model = scriptedModel([{ calls: [call] }, { calls: [call] }, { calls: [call] }]);
  const port = recordingPort();
  await runChildLoop(task(model, 2), port);
  assertEquals(model.requests.length, 2);
  assertEquals(port.sent.filter((message) => message.type === "tool_call").length, 1);
  const last = port.sent.at(-1);
  assert(last?.type === "failed" && last.code === "ROUND_LIMIT", JSON.stringify(last));
});

Deno.test("a message from the parent is in the context of the next round", async () => {
  const model = scriptedModel([{ text: "ok" }]);
  await runChildLoop(task(model), recordingPort(["Use the staging server"]));
  const user = model.requests[0].messages.filter((message) => message.role === "user").map((m) => m.content);
  assertEquals(user, ["Do the thing", "Message from the agent that started you:\nUse the staging server"]);
});

Deno.test("a failed LLM call ends the child with LLM_CALL_FAILED", async () => {
  const port = recordingPort();
  await runChildLoop(task(scriptedModel(["fail"])), port);
  const last = port.sent.at(-1);
  assert(last?.type === "failed" && last.code === "LLM_CALL_FAILED" && last.message.includes("500"));
});

Deno.test("calls with repeated or missing ids get distinct ids", async () => {
  const model = scriptedModel([
    {
      calls: [
        { id: "x", name: "read_file", arguments: "{}" },
        { id: "x", name: "read_file", arguments: "{}" },
        { id: "", name: "read_file", arguments: "{}" },
      ],
    },
  ]);
  const port = recordingPort();
  await runChildLoop(task(model), port);
  const assistant = port.sent.find((message) => message.type === "assistant");
  assert(assistant?.type === "assistant");
  const ids = assistant.tool_calls.map((call) => call.id);
  assertEquals(new Set(ids).size, 3, ids.join(","));
});
