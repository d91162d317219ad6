/** Turns OpenAI `chat.completion.chunk` objects into normalized stream events, assembling tool calls
 * from their fragments. Pure and stateful: one parser per response. */

import { ProviderError } from "../../lib/errors.ts";
import { asCount, asRecord } from "../shared/as_record.ts";
import type { StreamEvent, ToolCall } from "../types.ts";
import { mapOpenAiFinishReason } from "./map_openai_finish_reason.ts";

interface PartialCall {
  id?: string;
  name: string;
  arguments: string;
}

export interface OpenAiChunkParser {
  /** Events carried by one chunk; tool calls are emitted whole once the choice finishes. */
  push(chunk: unknown): StreamEvent[];
  /** Closing events (pending tool calls, usage, finish); throws when the stream ended early. */
  finish(): StreamEvent[];
}

export function createOpenAiChunkParser(label: string, generateId: () => string): OpenAiChunkParser {
  const calls = new Map<number, PartialCall>();
  let finishReason: string | undefined;
  let sawToolCalls = false;
  let usage: StreamEvent | undefined;

  const flushCalls = (): StreamEvent[] => {
    const events = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]): StreamEvent => ({
      type: "tool-call",
      call: completeCall(call, generateId),
    }));
    calls.clear();
    if (events.length > 0) sawToolCalls = true;
    return events;
  };

  return {
    push(chunk) {
      const body = asRecord(chunk);
      if (body.error !== undefined) throw streamError(label, body.error);
      const events: StreamEvent[] = [];
      const chunkUsage = asRecord(body.usage);
      if (typeof chunkUsage.prompt_tokens === "number" || typeof chunkUsage.completion_tokens === "number") {
        usage = {
          type: "usage",
          input_tokens: asCount(chunkUsage.prompt_tokens),
          output_tokens: asCount(chunkUsage.completion_tokens),
        };
      }
      const choice = asRecord(Array.isArray(body.choices) ? body.choices[0] : undefined);
      const delta = asRecord(choice.delta ?? choice.message);
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === "string" && reasoning !== "") {
        events.push({ type: "reasoning-delta", text: reasoning });
      }
      if (typeof delta.content === "string" && delta.content !== "") {
        events.push({ type: "text-delta", text: delta.content });
      }
      if (Array.isArray(delta.tool_calls)) {
        delta.tool_calls.forEach((fragment) => addFragment(calls, fragment));
      }
      if (typeof choice.finish_reason === "string") {
        finishReason = choice.finish_reason;
        events.push(...flushCalls());
      }
      return events;
    },
    finish() {
      const events = flushCalls();
      if (finishReason === undefined) {
        throw new ProviderError(`Call to ${label} failed: the stream ended without a finish reason`, true);
      }
      if (usage) events.push(usage);
      events.push({ type: "finish", reason: mapOpenAiFinishReason(finishReason, sawToolCalls) });
      return events;
    },
  };
}

function addFragment(calls: Map<number, PartialCall>, fragment: unknown): void {
  const part = asRecord(fragment);
  const fn = asRecord(part.function);
  const id = typeof part.id === "string" && part.id !== "" ? part.id : undefined;
  // Servers that omit `index` send each call whole; a new id also starts a new call.
  let index = typeof part.index === "number" ? part.index : calls.size;
  if (typeof part.index !== "number" && id === undefined && calls.size > 0) index = calls.size - 1;
  const call = calls.get(index) ?? { name: "", arguments: "" };
  if (id && !call.id) call.id = id;
  if (typeof fn.name === "string" && fn.name !== "" && call.name === "") call.name = fn.name;
  if (typeof fn.arguments === "string") call.arguments += fn.arguments;
  else if (fn.arguments !== undefined && fn.arguments !== null) {
    call.arguments += JSON.stringify(fn.arguments);
  }
  calls.set(index, call);
}

function completeCall(call: PartialCall, generateId: () => string): ToolCall {
  // An empty argument string means "no arguments"; "{}" keeps it valid JSON for the engine.
  return {
    id: call.id ?? generateId(),
    name: call.name,
    arguments: call.arguments.trim() === "" ? "{}" : call.arguments,
  };
}

function streamError(label: string, error: unknown): ProviderError {
  const detail = asRecord(error);
  const message = typeof detail.message === "string" ? detail.message : JSON.stringify(error);
  const kind = `${detail.type ?? ""} ${detail.code ?? ""}`;
  return new ProviderError(`Call to ${label} failed: ${message}`, /server|overload|rate|timeout/i.test(kind));
}
