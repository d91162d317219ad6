/** The agent loop a sub-agent runs inside its child process: LLM rounds that only propose tool calls; every
 * call is sent to the engine, which judges and runs it, and its result comes back. Stops at the round limit. */
import type { ChatMessage, LanguageModel, ToolCall, ToolSpec } from "../../providers/types.ts";
import type { ChildMessage } from "./protocol.ts";

export interface ChildPort {
  send(message: ChildMessage): void;
  /** Asks the engine to run an announced call; resolves with what the engine answered. */
  runTool(callId: string): Promise<{ content: string; isError: boolean }>;
  /** Messages from the parent agent that arrived since the last call. */
  takeMessages(): string[];
}

export interface ChildTask {
  model: LanguageModel;
  systemPrompt: string;
  task: string;
  tools: ToolSpec[];
  maxRounds: number;
  maxResponseTokens: number;
  signal?: AbortSignal;
}

export async function runChildLoop(task: ChildTask, port: ChildPort): Promise<void> {
  const messages: ChatMessage[] = [
    { role: "system", content: task.systemPrompt },
    { role: "user", content: task.task },
  ];
  for (let round = 1; round <= task.maxRounds; round++) {
    for (const text of port.takeMessages()) {
      messages.push({ role: "user", content: `Message from the agent that started you:\n${text}` });
    }
    port.send({ type: "round", round });
    let reply: { text: string; calls: ToolCall[] };
    try {
      reply = await streamRound(task, messages, port);
    } catch (error) {
      port.send({ type: "failed", code: "LLM_CALL_FAILED", message: messageOf(error) });
      return;
    }
    if (reply.calls.length === 0) {
      port.send({ type: "done", content: reply.text });
      return;
    }
    messages.push({ role: "assistant", content: reply.text, tool_calls: reply.calls });
    port.send({ type: "assistant", content: reply.text, tool_calls: reply.calls });
    if (round === task.maxRounds) break;
    for (const call of reply.calls) {
      port.send({ type: "tool_call", call_id: call.id });
      const result = await port.runTool(call.id);
      messages.push({ role: "tool", tool_call_id: call.id, name: call.name, content: result.content });
    }
  }
  port.send({
    type: "failed",
    code: "ROUND_LIMIT",
    message: `Used all ${task.maxRounds} LLM rounds without a final answer`,
  });
}

async function streamRound(
  task: ChildTask,
  messages: ChatMessage[],
  port: ChildPort,
): Promise<{ text: string; calls: ToolCall[] }> {
  let text = "";
  const calls: ToolCall[] = [];
  const usage = { input_tokens: 0, output_tokens: 0 };
  for await (
    const event of task.model.stream({
      messages,
      tools: task.tools,
      maxTokens: task.maxResponseTokens,
      signal: task.signal,
    })
  ) {
    if (event.type === "text-delta" && event.text) {
      text += event.text;
      port.send({ type: "token", text: event.text });
    } else if (event.type === "tool-call") {
      calls.push(event.call);
    } else if (event.type === "usage") {
      usage.input_tokens += event.input_tokens;
      usage.output_tokens += event.output_tokens;
    }
  }
  port.send({ type: "usage", ...usage });
  // Ids must be unique for the engine to tell calls apart; a vendor that repeats one gets numbered ones.
  const seen = new Set<string>();
  const unique = calls.map((call, index) => {
    const id = seen.has(call.id) || !call.id ? `call_${index + 1}` : call.id;
    seen.add(id);
    return { ...call, id };
  });
  return { text, calls: unique };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
